import 'server-only'
// Where USD prices come from: the configured feed chain, or 503 when that chain is not served.
import { priceFeeds } from '../core/addresses'
import { ChainUnavailableError } from '../core/errors'
import { readUsdPrices } from '../core/prices/readUsdPrices'
import type { ServerContext } from './context'

export function priceSource(ctx: ServerContext) {
  return { chainId: priceFeeds.chainId, feeds: priceFeeds.feeds, maxAgeSeconds: ctx.priceMaxAgeSeconds }
}

/** Fresh prices from the route engine's market cache when it has them, else one read of the feeds. */
export async function usdPrices(ctx: ServerContext) {
  const cached = ctx.caches.marketMaxAgeMs > 0 ? ctx.caches.market.peek(String(priceFeeds.chainId))?.prices : undefined
  if (cached) return cached
  const reader = ctx.readers.find((r) => r.chainId === priceFeeds.chainId)
  if (!reader)
    throw new ChainUnavailableError(
      priceFeeds.chainId,
      `prices are read on chain ${priceFeeds.chainId}; set RPC_URL_${priceFeeds.chainId}`,
    )
  return readUsdPrices({ reader, feeds: priceFeeds.feeds, maxAgeSeconds: ctx.priceMaxAgeSeconds })
}
