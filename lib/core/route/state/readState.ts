// The state stage: what the chains hold for this request, read once. With caches, market data
// (gas, L1 parameters, prices) is reused and identical concurrent requests share one read.
import type { Hex } from 'viem'
import type { ChainReader } from '../../chainState/multicallRound'
import type { TtlCache } from '../../chainState/ttlCache'
import type { PriceFeeds } from '../../prices/readUsdPrices'
import type { ResolvedRequest } from '../request/resolveRequest'
import { chainsToRead } from './chainsToRead'
import { type MarketData, type RouteState, readRouteState } from './readRouteState'

export type RouteCaches = { market: TtlCache<MarketData>; marketMaxAgeMs: number; state: TtlCache<RouteState> }

export type ReadStateParameters = {
  readers: readonly ChainReader[]
  lockTags: readonly Hex[]
  prices: { chainId: number; feeds: PriceFeeds; maxAgeSeconds: number }
  caches?: RouteCaches | undefined
}

export async function readState(request: ResolvedRequest, { readers, lockTags, prices, caches }: ReadStateParameters): Promise<RouteState> {
  const { input, requests } = request
  const used = chainsToRead(request, prices.chainId)
  const stateParameters = {
    readers: readers.filter((r) => used.includes(r.chainId)),
    account: request.account.address,
    recipient: request.recipient.address,
    destinationChainId: request.destination,
    groups: request.groups,
    lockTags,
    oftQuoteAmount: requests.filter((r) => r.token.extensions.group === 'USDT').reduce((s, r) => s + (r.amount ?? 1_000_000n), 0n) || 1_000_000n,
    nonceChains: [...new Set(input.signedAuthorizations.map((a) => a.chainId))],
    recipientNonceChains: [...new Set(input.recipientSignedAuthorizations.map((a) => a.chainId))],
    executorChains: [...Object.keys(request.preClaimExecutions).map(Number), ...(input.destinationExecutions.length > 0 ? [request.destination] : [])],
    prices,
    ...(caches ? { market: { cache: caches.market, maxAgeMs: caches.marketMaxAgeMs } } : {}),
  }
  if (!caches) return readRouteState(stateParameters)
  // Identical concurrent requests share one read of the chains (single flight; nothing is kept after).
  const { readers: _, market: __, ...identity } = { ...stateParameters, chains: used }
  return caches.state.get(
    JSON.stringify(identity, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
    () => readRouteState(stateParameters),
    () => 0,
  )
}
