// RouteResponse.alternatives: each alternative plan as what it draws, its fee, and the request
// fields that ask for exactly those sources, layers and funding method.
import { zeroAddress } from 'viem'
import type { RouteAlternative } from '../../intentOp/intentOp'
import type { AlternativePlan } from '../plan/alternatives'
import { intentLayerNames } from '../settlementLayers'
import type { RouteState } from '../state/readRouteState'
import { buildCost } from './buildCost'

type CrossLayer = RouteAlternative['request']['options']['settlementLayers'][number]
type SourceLayer = RouteAlternative['sources'][number]['settlementLayer']

/** The layers an alternative's request may name (the registry's intent layers). */
const intentLayers: ReadonlySet<string> = new Set(intentLayerNames)

export function buildAlternatives(
  plans: readonly AlternativePlan[],
  state: RouteState,
  destinationChainId: number,
): RouteAlternative[] {
  return plans.map(({ plan, chosen }) => {
    const fundingMethod = plan.allocations[0]?.funding === 'COMPACT' ? 'COMPACT' : 'PERMIT2'
    const sources = new Map<string, RouteAlternative['sources'][number]>()
    for (const a of plan.allocations) {
      const key = `${a.chainId}:${a.origin.symbol}:${a.layer}`
      const tokenAddress = a.wrapsNative ? zeroAddress : a.origin.address
      const before = sources.get(key)
      const amount = (BigInt(before?.amount ?? '0') + a.amount).toString()
      sources.set(key, {
        chainId: a.chainId,
        tokenAddress,
        tokenSymbol: a.origin.symbol,
        amount,
        settlementLayer: a.layer as SourceLayer,
      })
    }
    const chainTokens: Record<string, string[]> = {}
    for (const s of sources.values()) {
      const list = chainTokens[String(s.chainId)] ?? []
      if (!list.includes(s.tokenSymbol)) chainTokens[String(s.chainId)] = [...list, s.tokenSymbol]
    }
    const settlementLayers = [
      ...new Set(plan.allocations.map((a) => a.layer).filter((l): l is CrossLayer => intentLayers.has(l))),
    ].sort()
    const cost = buildCost(plan, state, destinationChainId)
    return {
      chosen,
      fundingMethod,
      sources: [...sources.values()].sort(
        (a, b) => a.chainId - b.chainId || a.tokenSymbol.localeCompare(b.tokenSymbol),
      ),
      feeUSD: cost.feeBreakdownUSD?.totalFeeUSD ?? 0,
      feeAmount: plan.fees.charge.toString(),
      request: { accountAccessList: { chainTokens }, options: { fundingMethod, settlementLayers } },
    }
  })
}
