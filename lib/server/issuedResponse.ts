import 'server-only'
// A stored route's response, read back through the API's own schema: the routes table keeps it as
// JSON, so what comes out is checked and typed here, once, rather than cast where it is used.
import { type RouteResponse, routeResponseSchema } from '../api/routeResponse'
import type { StoredRoute } from '../storage/routeStore'

export class StoredRouteCorruptError extends Error {}

export function issuedResponse(route: Pick<StoredRoute, 'nonce' | 'response'>): RouteResponse {
  const parsed = routeResponseSchema.safeParse(route.response)
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'response'
    throw new StoredRouteCorruptError(`the stored route ${route.nonce} does not read as a route response (${where})`, { cause: parsed.error })
  }
  return parsed.data
}
