// A route as the dashboard keeps it: parsed (typed, for the page) and raw (exactly as received),
// because the server signature covers the raw JSON and zod drops keys it does not know. Its own
// module, so the pages that only read the API load it (and zod) with the answers' schemas, not first.
import { z } from 'zod'
import { type RouteResponse, routeResponseSchema } from '../routeResponse'

export type InspectedRoute = { route: RouteResponse; raw: unknown }

export const inspectedRouteSchema: z.ZodType<InspectedRoute> = z.unknown().transform((raw, ctx) => {
  const parsed = routeResponseSchema.safeParse(raw)
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: 'not a route response' })
    return z.NEVER
  }
  return { route: parsed.data, raw }
})

/** A stored route re-opened: undefined when what was stored no longer reads as a route. */
export function inspectStoredRoute(raw: unknown): InspectedRoute | undefined {
  const parsed = inspectedRouteSchema.safeParse(raw)
  return parsed.success ? parsed.data : undefined
}
