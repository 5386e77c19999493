// The planner's other routes (RouteResponse.alternatives) as the builder lists them: what each
// draws, locked or unlocked, over which layers, its fee and its ETA (the card's own), and
// the form set to ask for exactly that one.
import type { RouteAlternative } from '../../core/intentOp/intentOp'
import { layerLabel } from '../../core/route/settlementLayers'
import { type TokenAmount, tokenAmount } from '../shared/tokenAmount'
import type { RouteForm } from './routeForm'

export type AlternativeView = {
  key: string
  chosen: boolean
  funding: 'locked' | 'unlocked'
  sources: (TokenAmount & { layer: string })[]
  layers: string[]
  feeUsd: number
  etaSeconds: number
  /** The form that asks for this alternative. */
  apply: (form: RouteForm) => RouteForm
}

/** `etaSeconds` is the route card's ETA for the same destination (useSettlementEta), given each alternative's source chains. */
export function alternativeViews(
  alternatives: readonly RouteAlternative[] | undefined,
  etaSeconds: (sourceChainIds: readonly number[]) => number,
): AlternativeView[] {
  return (alternatives ?? []).map((a) => ({
    key: `${a.fundingMethod}|${a.sources.map((s) => `${s.chainId}:${s.tokenSymbol}:${s.settlementLayer}`).join(',')}`,
    chosen: a.chosen,
    funding: a.fundingMethod === 'COMPACT' ? 'locked' : 'unlocked',
    sources: a.sources.map((s) => ({
      ...tokenAmount(s.chainId, s.tokenAddress, BigInt(s.amount)),
      symbol: s.tokenSymbol,
      layer: layerLabel(s.settlementLayer),
    })),
    layers: [...new Set(a.sources.map((s) => layerLabel(s.settlementLayer)))],
    feeUsd: a.feeUSD,
    etaSeconds: etaSeconds(a.sources.map((s) => s.chainId)),
    apply: (form) => withAlternative(form, a),
  }))
}

/** The form restricted to an alternative's sources, layers and funding method. The form names chains
 * and tokens apart (every listed token on every listed chain), which is exactly the alternative's
 * sources whenever it draws one token per chain or the same tokens everywhere. */
export function withAlternative(form: RouteForm, a: RouteAlternative): RouteForm {
  const chainTokens = a.request.accountAccessList.chainTokens
  const chainIds = Object.keys(chainTokens)
    .map(Number)
    .sort((x, y) => x - y)
  const tokens = [...new Set(Object.values(chainTokens).flat())]
  return {
    ...form,
    access: { ...form.access, chainIds, tokens },
    settlementLayers: [...a.request.options.settlementLayers],
    funding: a.request.options.fundingMethod,
  }
}

/** The form with no choice of source, layer or funding method left: the cheapest route again. */
export function withoutSourceChoice(form: RouteForm): RouteForm {
  return { ...form, access: { ...form.access, chainIds: [], tokens: [] }, settlementLayers: [], funding: '' }
}

/** "Unlocked · USDC on Base via Across": the alternative in words, for its accessible name. */
export function describeAlternative(v: AlternativeView): string {
  const from = v.sources
    .map((s) => `${s.symbol} on ${s.chainName}${s.layer === 'same chain' ? '' : ` via ${s.layer}`}`)
    .join(', ')
  return `${v.funding === 'locked' ? 'Locked' : 'Unlocked'} ${from}`
}
