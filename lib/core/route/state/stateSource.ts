// Where the state stage gets a route's chain state from, as a small interface with caching as a
// decorator (the way smart-order-router wraps its providers): readRouteState is the source that
// reads the chains; sharedReads() makes identical concurrent reads share one. Market data (gas,
// L1 fee parameters, prices) is reused inside readRouteState instead, because it rides in the same
// Multicall3 round as the account's balances and a decorator would cost a second round trip.
import type { TtlCache } from '../../chainState/ttlCache'
import type { ReadRouteStateParameters, RouteState } from './readRouteState'

export type StateSource = (p: ReadRouteStateParameters) => Promise<RouteState>

/** Identical concurrent reads (same account, chains, assets, …) share one; nothing is kept after. */
export function sharedReads(source: StateSource, inFlight: TtlCache<RouteState>): StateSource {
  return (p) => {
    const { readers, market: _, ...identity } = p
    const key = JSON.stringify({ ...identity, chains: readers.map((r) => r.chainId) }, (_k, v) =>
      typeof v === 'bigint' ? v.toString() : v,
    )
    return inFlight.get(
      key,
      () => source(p),
      () => 0,
    )
  }
}
