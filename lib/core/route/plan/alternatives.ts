// The other routes the planner finds for a request, within what the request allows: the best plan
// of each funding method (locked in The Compact, unlocked), of each cross-chain settlement layer
// alone, and of each source chain alone (with either funding method). Only plans that fulfil every
// request and the fee count; two plans that draw the same (chain, token, layer) set with the same
// funding method are one alternative.
import type { TokenInfo } from '../../tokens/tokens'
import type { FundingMethod } from '../settlementLayers'
import { planRoute } from './planRoute'
import { planCostUsd8 } from './pricing'
import type { Plan, PlanInput } from './types'

/** Funding methods a caller can ask for by name (options.fundingMethod). */
const requestable: readonly FundingMethod[] = ['COMPACT', 'PERMIT2']

export const MAX_ALTERNATIVES = 6

export type AlternativePlan = { plan: Plan; chosen: boolean; costUsd8: bigint }

/** Whether a request can ask for exactly this plan (RouteAlternative.request): every allocation
 * through Permit2 or locks, on a layer a request names. An OFT send or an account's own escrow ops
 * cannot be asked for by name, so such a route offers no alternatives. */
export function requestablePlan(plan: Plan): boolean {
  return plan.allocations.every((a) => requestable.includes(a.funding) && a.layer !== 'OFT')
}

/** The chosen plan and up to MAX_ALTERNATIVES − 1 others, cheapest first; none when the chosen plan
 * is not one a request can ask for (requestablePlan). */
export function alternativePlans(input: PlanInput, chosen: Plan): AlternativePlan[] {
  if (!requestablePlan(chosen)) return []
  const variants: PlanInput[] = []
  const fundings = input.funding ? [input.funding] : requestable
  for (const funding of fundings) variants.push({ ...input, funding })
  if (input.layers.size > 1) for (const layer of input.layers) variants.push({ ...input, layers: new Set([layer]) })
  const sourceChains = [...input.state.chains.keys()]
  if (sourceChains.length > 1) {
    for (const chainId of sourceChains) {
      const access = {
        allows: (t: TokenInfo) => t.chainId === chainId && input.access.allows(t),
        cap: input.access.cap,
      }
      for (const funding of fundings) variants.push({ ...input, access, funding })
    }
  }
  const found = new Map<string, AlternativePlan>()
  const chosenKey = planKey(chosen)
  const chosenPlan: AlternativePlan = { plan: chosen, chosen: true, costUsd8: planCostUsd8(input, chosen) }
  found.set(chosenKey, chosenPlan)
  for (const variant of variants) {
    const plan = planRoute(variant)
    if (!plan.fulfilled || !requestablePlan(plan)) continue
    const key = planKey(plan)
    if (!found.has(key)) found.set(key, { plan, chosen: false, costUsd8: planCostUsd8(variant, plan) })
  }
  const others = [...found.values()]
    .filter((a) => !a.chosen)
    .sort((a, b) => (a.costUsd8 < b.costUsd8 ? -1 : a.costUsd8 > b.costUsd8 ? 1 : 0))
  return [chosenPlan, ...others.slice(0, MAX_ALTERNATIVES - 1)]
}

/** What a plan draws, as a set: its funding method and each (chain, balance, layer). */
export function planKey(plan: Plan): string {
  const funding = plan.allocations[0]?.funding ?? 'NONE'
  const parts = [...new Set(plan.allocations.map((a) => `${a.chainId}:${a.origin.symbol}:${a.layer}`))].sort()
  return `${funding}|${parts.join(',')}`
}
