// Places the smart-account contracts @rhinestone/sdk expects at its own addresses on one devnet
// chain: our stand-ins for the Nexus 1.2.0 implementation, factory and bootstrap, the
// OwnableValidator and the intent executor (which only the devnet fillers may relay through); the
// real Safe 1.4.1 contracts, deployed through the real Safe singleton factory (its presigned
// transaction) at their canonical addresses; our stand-ins for the Safe7579 v2 adapter and launchpad.
import { type Address, type Chain, concatHex, getContractAddress, type Hex, isAddressEqual, zeroHash } from 'viem'
import { nexus, safe } from '../core/accounts/smartAccounts'
import { addresses } from '../core/addresses'
import * as artifacts from './contracts/artifacts'
import { safeCreationCode, safeSingletonFactory } from './contracts/safe'
import { fillerAccounts, operatorAddress } from './demoAccount'
import { type DevnetClient, devnetChain, mined } from './devnetClient'

export async function placeAccountContracts(client: DevnetClient, chainId: number): Promise<void> {
  const chain = devnetChain(chainId).viem as Chain
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
      args: [fillerAccounts.map((a) => a.address)],
      account: operatorAddress,
      chain,
    } as never),
  )
  await deploySafe(client, chain)
  await place(safe.safe7579Adapter, artifacts.safe7579Adapter.runtime)
  await place(safe.safe7579Launchpad, artifacts.safe7579Launchpad.runtime)
}

/** Where each Safe 1.4.1 contract lands: CREATE2 through the singleton factory with a zero salt. */
export const safeDeployments: readonly { name: keyof typeof safeCreationCode; address: Address }[] = [
  { name: 'safeL2', address: safe.singletonL2 },
  { name: 'safe', address: safe.singleton },
  { name: 'safeProxyFactory', address: safe.proxyFactory },
  { name: 'compatibilityFallbackHandler', address: safe.compatibilityFallbackHandler },
  { name: 'tokenCallbackHandler', address: safe.tokenCallbackHandler },
  { name: 'multiSend', address: safe.multiSend },
  { name: 'multiSendCallOnly', address: safe.multiSendCallOnly },
  { name: 'signMessageLib', address: safe.signMessageLib },
  { name: 'createCall', address: safe.createCall },
  { name: 'simulateTxAccessor', address: safe.simulateTxAccessor },
]

/**
 * Sends the Safe singleton factory's presigned deployment for this chain (its signer funded for
 * exactly that transaction; the next block's base fee lowered to its fixed gas price where it is
 * above it), then deploys each Safe contract from its published creation code through it. Needs
 * Multicall3 in place.
 */
async function deploySafe(client: DevnetClient, chain: Chain): Promise<void> {
  const factory = safeSingletonFactory[chain.id as keyof typeof safeSingletonFactory]
  if (!factory) throw new Error(`chain ${chain.id}: no presigned Safe singleton factory deployment`)
  if ((await client.getCode({ address: factory.address })) === undefined) {
    await client.setBalance({ address: factory.signer, value: factory.gasPrice * factory.gasLimit })
    const block = await client.getBlock()
    if ((block.baseFeePerGas ?? 0n) > factory.gasPrice)
      await client.setNextBlockBaseFeePerGas({ baseFeePerGas: factory.gasPrice })
    await mined(client, client.sendRawTransaction({ serializedTransaction: factory.transaction }))
  }
  // One transaction (Multicall3) for all of them: the factory's CREATE2 does not depend on the caller.
  const calls = safeDeployments.map(({ name, address }) => {
    const expected = getContractAddress({
      opcode: 'CREATE2',
      from: factory.address,
      salt: zeroHash,
      bytecode: safeCreationCode[name],
    })
    if (!isAddressEqual(expected, address)) throw new Error(`Safe ${name} would land at ${expected}, not ${address}`)
    return { target: factory.address, allowFailure: false, callData: concatHex([zeroHash, safeCreationCode[name]]) }
  })
  await mined(
    client,
    client.writeContract({
      address: addresses.multicall3,
      abi: artifacts.multicall3.abi,
      functionName: 'aggregate3',
      args: [calls],
      account: operatorAddress,
      chain,
      gas: 20_000_000n,
    } as never),
  )
  for (const { name, address } of safeDeployments) {
    if ((await client.getCode({ address })) === undefined)
      throw new Error(`chain ${chain.id}: Safe ${name} did not land at ${address}`)
  }
}
