// What the account must do before signing a Permit2-funded route: approve Permit2 where its
// on-chain allowance falls short, and wrap native ETH where a route spends it as WETH. A wrap is
// keyed by the native token (0x0…0): "wrap this much ETH"; an approval by the token to approve.
// An account that is not deployed yet cannot give either before its signature is checked.
import { type Address, zeroAddress } from 'viem'
import { addresses } from '../../addresses'
import { fieldError } from '../../errors'
import type { TokenRequirement } from '../../intentOp/intentOp'
import type { Plan } from '../plan/types'
import type { RouteState } from '../state/readRouteState'

export type TokenRequirements = Record<string, Record<Address, TokenRequirement>>

/** The route's requirements; refused (422) where the account is not deployed yet and so cannot meet them
 * before its first claim. */
export function tokenRequirements(
  plan: Plan,
  state: RouteState,
  account: { address: Address; needsSetup: (chainId: number) => boolean },
): TokenRequirements {
  const requirements = requirementsOf(plan, state)
  assertFundable(requirements, account)
  return requirements
}

function requirementsOf(plan: Plan, state: RouteState): TokenRequirements {
  const needs = new Map<string, { chainId: number; token: Address; amount: bigint; wrap: bigint }>()
  for (const a of plan.allocations) {
    if (a.funding !== 'PERMIT2') continue
    const key = `${a.chainId}:${a.token.address}`
    const need = needs.get(key) ?? { chainId: a.chainId, token: a.token.address, amount: 0n, wrap: 0n }
    need.amount += a.amount
    if (a.wrapsNative) need.wrap += a.amount
    needs.set(key, need)
  }
  const result: Record<string, Record<Address, TokenRequirement>> = {}
  for (const n of needs.values()) {
    const chain = result[String(n.chainId)] ?? {}
    result[String(n.chainId)] = chain
    const allowance = state.chains.get(n.chainId)?.permit2Allowance.get(n.token) ?? 0n
    if (allowance < n.amount)
      chain[n.token] = { type: 'approval', amount: n.amount.toString(), spender: addresses.permit2 }
    if (n.wrap > 0n) chain[zeroAddress] = { type: 'wrap', amount: n.wrap.toString() }
  }
  return Object.fromEntries(Object.entries(result).filter(([, v]) => Object.keys(v).length > 0))
}

/** An undeployed account cannot approve Permit2 or wrap before its first claim. */
function assertFundable(
  requirements: TokenRequirements,
  account: { address: Address; needsSetup: (chainId: number) => boolean },
): void {
  for (const [chainId, byToken] of Object.entries(requirements)) {
    if (Object.keys(byToken).length === 0 || !account.needsSetup(Number(chainId))) continue
    const kinds = [
      ...new Set(Object.values(byToken).map((r) => (r.type === 'wrap' ? 'a WETH wrap' : 'a Permit2 approval'))),
    ].join(' and ')
    const message =
      `account.setupOps: ${account.address} is not deployed on chain ${chainId}, so it cannot give the route's ` +
      `${kinds} there before its funds are claimed; lock those funds in The Compact for it, ` +
      'or deploy it and approve first'
    throw fieldError('unprocessable', 'account.setupOps', message, {}, { code: 'UNSETTLEABLE' })
  }
}
