// The route operations as the dashboard calls them, through the same fetchApi the portfolio uses.
// A route is kept twice: parsed (typed, for the page) and raw (exactly as received), because the
// server signature covers the raw JSON and zod drops keys it does not know (inspectedRoute.ts).
import { fetchApi } from './fetchApi'
import type { InspectedRoute } from './inspectedRoute'

export type { InspectedRoute } from './inspectedRoute'

export const routePath = '/api/v1/intents/route'
export const signerPath = '/api/v1/signer'

export type PostRouteParameters = { request: unknown; apiKey?: string; signal?: AbortSignal; fetchFn?: typeof fetch }

export function postRoute({ request, apiKey, signal, fetchFn = fetch }: PostRouteParameters): Promise<InspectedRoute> {
  // fetchApi sends GETs; its fetchFn is the one place to add a method and a body.
  const post: typeof fetch = (input, init) =>
    fetchFn(input, {
      ...init,
      method: 'POST',
      body: JSON.stringify(request),
      headers: { ...(init?.headers as Record<string, string>), 'content-type': 'application/json' },
    })
  return fetchApi({
    path: routePath,
    schema: (s) => s.inspectedRouteSchema,
    ...(apiKey ? { apiKey } : {}),
    ...(signal ? { signal } : {}),
    fetchFn: post,
  })
}

export function fetchSigner({ signal, fetchFn }: { signal?: AbortSignal; fetchFn?: typeof fetch } = {}) {
  return fetchApi({
    path: signerPath,
    schema: (s) => s.signerResponseSchema,
    ...(signal ? { signal } : {}),
    ...(fetchFn ? { fetchFn } : {}),
  })
}

export const historyPageSize = 20

export function routeHistoryPath(address: string, cursor?: string | null): string {
  const query = new URLSearchParams({ limit: String(historyPageSize) })
  if (cursor) query.set('cursor', cursor)
  return `/api/v1/accounts/${encodeURIComponent(address)}/routes?${query}`
}

export function fetchRouteHistory({
  address,
  cursor,
  apiKey,
  signal,
  fetchFn,
}: {
  address: string
  cursor?: string | null
  apiKey?: string
  signal?: AbortSignal
  fetchFn?: typeof fetch | undefined
}) {
  return fetchApi({
    path: routeHistoryPath(address, cursor),
    schema: (s) => s.routeHistoryResponseSchema,
    ...(apiKey ? { apiKey } : {}),
    ...(signal ? { signal } : {}),
    ...(fetchFn ? { fetchFn } : {}),
  })
}
