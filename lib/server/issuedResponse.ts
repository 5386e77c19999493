import 'server-only'
// A stored route's response, read back through the API's own schema: the routes table keeps it as
// JSON, so what comes out is checked and typed here, once, rather than cast where it is used.
// Routes are stored as quoted, before the server signs them (issueRoute.ts), so the intentOp's
// serverSignature is absent there (rows written before that keep theirs): answeredRoute signs it
// again, to the same bytes (viem signs deterministically, RFC 6979), wherever a stored route is
// handed out or checked. An instance older than this cannot read such rows: upgrade every instance together.
import type { z } from 'zod'
import { intentOpSchema, type RouteResponse, routeResponseSchema } from '../api/routeResponse'
import type { UnsignedIntentOp } from '../core/intentOp/intentOp'
import { type RouteSigner, signRoute } from '../core/intentOp/serverSignature'
import type { StoredRoute } from '../storage/routeStore'

const storedResponseSchema = routeResponseSchema.extend({
  intentOp: intentOpSchema.partial({ serverSignature: true }).nullable(),
})

/** A route response as the routes table keeps it: the intentOp's serverSignature may be absent. */
export type IssuedResponse = z.output<typeof storedResponseSchema>

export class StoredRouteCorruptError extends Error {}

export function issuedResponse(route: Pick<StoredRoute, 'nonce' | 'response'>): IssuedResponse {
  const parsed = storedResponseSchema.safeParse(route.response)
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'response'
    throw new StoredRouteCorruptError(`the stored route ${route.nonce} does not read as a route response (${where})`, {
      cause: parsed.error,
    })
  }
  return parsed.data
}

/** A stored route as it was answered: signed again, over exactly the intentOp stored, when it was
 * stored unsigned. `response` is it read through the schema (what a submission is compared with),
 * `json` the stored JSON itself with the signature put back (what the history hands out). */
export async function answeredRoute(
  route: Pick<StoredRoute, 'nonce' | 'response'>,
  signer: RouteSigner,
): Promise<{ response: RouteResponse; json: unknown }> {
  const issued = issuedResponse(route)
  const { intentOp } = issued
  if (!intentOp) return { response: { ...issued, intentOp: null }, json: route.response }
  const stored = route.response as { intentOp: UnsignedIntentOp }
  const serverSignature = intentOp.serverSignature ?? (await signRoute(stored.intentOp, signer))
  const json = intentOp.serverSignature
    ? route.response
    : { ...stored, intentOp: { ...stored.intentOp, serverSignature } }
  return { response: { ...issued, intentOp: { ...intentOp, serverSignature } }, json }
}
