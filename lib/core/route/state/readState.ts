// The state stage: what the chains hold for this request, read once, from the chains it can use
// (chainsToRead.ts). With caches, market data (gas, L1 parameters, prices) is reused and identical
// concurrent requests share one read (stateSource.ts).
import type { Hex } from 'viem'
import { oftAdapters } from '../../addresses'
import type { ChainReader } from '../../chainState/multicallRound'
import type { TtlCache } from '../../chainState/ttlCache'
import type { PriceFeeds } from '../../prices/readUsdPrices'
import type { ResolvedRequest } from '../request/resolveRequest'
import { chainsToRead } from './chainsToRead'
import { type MarketData, type RouteState, readRouteState } from './readRouteState'
import { sharedReads } from './stateSource'

export type RouteCaches = { market: TtlCache<MarketData>; marketMaxAgeMs: number; state: TtlCache<RouteState> }

export type ReadStateParameters = {
  readers: readonly ChainReader[]
  lockTags: readonly Hex[]
  prices: { chainId: number; feeds: PriceFeeds; maxAgeSeconds: number }
  caches?: RouteCaches | undefined
}

const runsOwnOps = (input: ResolvedRequest['input']) =>
  input.destinationExecutions.length > 0 || input.account.accountType !== 'EOA' || input.account.setupOps.length > 0

export async function readState(
  request: ResolvedRequest,
  { readers, lockTags, prices, caches }: ReadStateParameters,
): Promise<RouteState> {
  const { input, requests } = request
  const used = chainsToRead(request, prices.chainId)
  const stateParameters = {
    readers: readers.filter((r) => used.includes(r.chainId)),
    account: request.account.address,
    recipient: request.recipient.address,
    destinationChainId: request.destination,
    groups: request.groups,
    lockTags,
    oftQuoteAmount:
      requests.filter((r) => r.token.extensions.group === 'USDT').reduce((s, r) => s + (r.amount ?? 1_000_000n), 0n) ||
      1_000_000n,
    nonceChains: [...new Set(input.signedAuthorizations.map((a) => a.chainId))],
    recipientNonceChains: [...new Set(input.recipientSignedAuthorizations.map((a) => a.chainId))],
    // The destination too for any account that may run its own ops there (request/singleChain.ts).
    // And every USDT0 chain, where an OFT send would leave from.
    executorChains: [
      ...Object.keys(request.preClaimExecutions).map(Number),
      ...(runsOwnOps(input) ? [request.destination] : []),
      ...(runsOwnOps(input) && request.groups.includes('USDT') ? Object.keys(oftAdapters).map(Number) : []),
    ],
    prices,
    ...(caches ? { market: { cache: caches.market, maxAgeMs: caches.marketMaxAgeMs } } : {}),
  }
  const source = caches ? sharedReads(readRouteState, caches.state) : readRouteState
  return source(stateParameters)
}
