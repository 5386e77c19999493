import 'server-only'
// Checks a sponsor's signature that is not a plain ECDSA one, on the element's chain: through
// the account's ERC-1271 when it has code, or — for an account that is not deployed yet — by
// simulating its setupOps first (ERC-6492: the universal validator runs the setup, then asks the
// account). For an EOA that delegates to the Nexus implementation with EIP-7702, the simulation
// sees the delegation through a state override.
import { type Address, concatHex, type Hex } from 'viem'
import { accountSetup } from '../core/accounts/smartAccounts'
import type { ChainReader } from '../core/chainState/multicallRound'
import type { UnsignedIntentOp } from '../core/intentOp/intentOp'
import type { RouteTypedData } from '../core/intentOp/typedData'

export async function verifySponsorSignature(
  reader: ChainReader | undefined,
  issued: UnsignedIntentOp,
  typedData: RouteTypedData,
  signature: Hex,
): Promise<boolean> {
  if (!reader) return false
  const sponsor = issued.sponsor
  const verify = reader.client.verifyTypedData as (p: Record<string, unknown>) => Promise<boolean>
  const code = await reader.client.getCode({ address: sponsor })
  if (code && code !== '0x') return verify({ ...typedData, address: sponsor, signature })
  const setup = accountSetup(sponsor, issued.signedMetadata.account.setupOps as { to: Address; data: Hex }[])
  if (!setup) return false
  if (setup.kind !== 'eip7702-init')
    return verify({ ...typedData, address: sponsor, signature, factory: setup.to, factoryData: setup.data })
  const delegate = Object.values(issued.signedMetadata.account.requiredDelegations)[0]?.contract
  if (!delegate) return false
  return verify({
    ...typedData,
    address: sponsor,
    signature,
    factory: setup.to,
    factoryData: setup.data,
    stateOverride: [{ address: sponsor, code: concatHex(['0xef0100', delegate]) }],
  })
}
