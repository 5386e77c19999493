// What the account must do before signing a Permit2-funded route: approve Permit2 where its
// on-chain allowance falls short, and wrap native ETH where a route spends it as WETH. A wrap is
// keyed by the native token (0x0…0): "wrap this much ETH"; an approval by the token to approve.
import { type Address, zeroAddress } from 'viem'
import { addresses } from '../../addresses'
import type { TokenRequirement } from '../../intentOp/intentOp'
import type { Plan } from '../plan/types'
import type { RouteState } from '../state/readRouteState'

export function tokenRequirements(plan: Plan, state: RouteState): Record<string, Record<Address, TokenRequirement>> {
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
    result[String(n.chainId)] ??= {}
    const chain = result[String(n.chainId)]!
    const allowance = state.chains.get(n.chainId)?.permit2Allowance.get(n.token) ?? 0n
    if (allowance < n.amount) chain[n.token] = { type: 'approval', amount: n.amount.toString(), spender: addresses.permit2 }
    if (n.wrap > 0n) chain[zeroAddress] = { type: 'wrap', amount: n.wrap.toString() }
  }
  return Object.fromEntries(Object.entries(result).filter(([, v]) => Object.keys(v).length > 0))
}
