// The route operations as the dashboard calls them, through the same fetchApi the portfolio uses.
// A route is kept twice: parsed (typed, for the page) and raw (exactly as received), because the
// server signature covers the raw JSON and zod drops keys it does not know.
import { z } from 'zod'
import { routeHistoryResponseSchema } from '../routeHistory'
import { type RouteResponse, routeResponseSchema, signerResponseSchema } from '../routeResponse'
import { fetchApi } from './fetchApi'

export const routePath = '/api/v1/intents/route'
export const signerPath = '/api/v1/signer'

export type InspectedRoute = { route: RouteResponse; raw: unknown }

export const inspectedRouteSchema: z.ZodType<InspectedRoute> = z.unknown().transform((raw, ctx) => {
  const parsed = routeResponseSchema.safeParse(raw)
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: 'not a route response' })
    return z.NEVER
  }
  return { route: parsed.data, raw }
})

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
    schema: inspectedRouteSchema,
    ...(apiKey ? { apiKey } : {}),
    ...(signal ? { signal } : {}),
    fetchFn: post,
  })
}

export function fetchSigner({ signal, fetchFn }: { signal?: AbortSignal; fetchFn?: typeof fetch } = {}) {
  return fetchApi({
    path: signerPath,
    schema: signerResponseSchema,
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
    schema: routeHistoryResponseSchema,
    ...(apiKey ? { apiKey } : {}),
    ...(signal ? { signal } : {}),
    ...(fetchFn ? { fetchFn } : {}),
  })
}

/** A stored route re-opened: undefined when what was stored no longer reads as a route. */
export function inspectStoredRoute(raw: unknown): InspectedRoute | undefined {
  const parsed = inspectedRouteSchema.safeParse(raw)
  return parsed.success ? parsed.data : undefined
}
