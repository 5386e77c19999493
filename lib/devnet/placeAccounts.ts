// Places the smart-account contracts @rhinestone/sdk expects at its own addresses on one devnet
// chain: our stand-ins for the Nexus 1.2.0 implementation, factory and bootstrap, the
// OwnableValidator and the intent executor (which only the devnet filler may relay through).
import type { Address, Chain, Hex } from 'viem'
import { nexus } from '../core/accounts/smartAccounts'
import { getChain } from '../core/chains/chains'
import * as artifacts from './contracts/artifacts'
import { fillerAccount, operatorAddress } from './demoAccount'
import { type DevnetClient, mined } from './devnetClient'

export async function placeAccountContracts(client: DevnetClient, chainId: number): Promise<void> {
  const chain = getChain(chainId)!.viem as Chain
  const place = (address: Address, runtime: Hex) => client.setCode({ address, bytecode: runtime })
  await place(nexus.implementation, artifacts.nexusAccount.runtime)
  await place(nexus.factory, artifacts.nexusFactory.runtime)
  await place(nexus.bootstrap, artifacts.nexusBootstrap.runtime)
  await place(nexus.ownableValidator, artifacts.ownableValidator.runtime)
  await place(nexus.intentExecutor, artifacts.intentExecutor.runtime)
  await mined(
    client,
    client.writeContract({
      address: nexus.intentExecutor,
      abi: artifacts.intentExecutor.abi,
      functionName: 'initialize',
      args: [fillerAccount.address],
      account: operatorAddress,
      chain,
    } as never),
  )
}
