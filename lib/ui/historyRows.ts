// Stored routes as the history page lists them: when, to where, what was asked, whether it can
// still be signed, and the route itself re-opened for the inspector.
import type { RouteHistoryResponse } from '../api/routeHistory'
import { type InspectedRoute, inspectStoredRoute } from './routeApi'
import { routeSummary } from './routeSummary'
import { chainName, formatTokenAmount } from './tokenAmount'

export type HistoryRow = {
  nonce: string
  createdAt: Date
  expires: bigint
  /** The server's verdict when the page was read, or the page's clock since. */
  expired: boolean
  destination: string
  /** What the route delivers, in words ("1,000 USDC"); undefined when the stored route no longer reads. */
  delivers?: string
  inspected?: InspectedRoute
  request: unknown
}

export function historyRows(routes: RouteHistoryResponse['routes'], nowMs: number): HistoryRow[] {
  const nowSeconds = BigInt(Math.floor(nowMs / 1000))
  return routes.map((r) => {
    const inspected = inspectStoredRoute(r.route)
    const intentOp = inspected?.route.intentOp
    const delivers = intentOp
      ? routeSummary({ ...inspected.route, intentOp })
          .receive.map(formatTokenAmount)
          .join(', ')
      : undefined
    return {
      nonce: r.nonce,
      createdAt: new Date(r.createdAt),
      expires: BigInt(r.expires),
      expired: r.expired || BigInt(r.expires) <= nowSeconds,
      destination: chainName(r.destinationChainId),
      ...(delivers !== undefined ? { delivers } : {}),
      ...(inspected ? { inspected } : {}),
      request: r.request,
    }
  })
}
