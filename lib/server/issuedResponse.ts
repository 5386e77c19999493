import 'server-only'
// A stored route's response, read back through the API's own schema: the routes table keeps it as
// JSON, so what comes out is checked and typed here, once, rather than cast where it is used.
// Routes are stored as quoted, before the server signs them (issueRoute.ts), so the intentOp's
// serverSignature is absent there (rows written before that keep theirs): it is signed again, to the
// same bytes (viem signs deterministically, RFC 6979), wherever a stored route is handed out or
// checked. An instance older than this cannot read such rows: upgrade every instance together.
import type { z } from 'zod'
import { intentOpSchema, type RouteResponse, routeResponseSchema } from '../api/routeResponse'
import type { UnsignedIntentOp } from '../core/intentOp/intentOp'
import { type RouteSigner, signRoute } from '../core/intentOp/serverSignature'
import type { StoredRoute } from '../storage/routeStore'

const storedResponseSchema = routeResponseSchema.extend({ intentOp: intentOpSchema.partial({ serverSignature: true }).nullable() })

/** A route response as the routes table keeps it: the intentOp's serverSignature may be absent. */
export type IssuedResponse = z.output<typeof storedResponseSchema>

export class StoredRouteCorruptError extends Error {}

export function issuedResponse(route: Pick<StoredRoute, 'nonce' | 'response'>): IssuedResponse {
  const parsed = storedResponseSchema.safeParse(route.response)
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'response'
    throw new StoredRouteCorruptError(`the stored route ${route.nonce} does not read as a route response (${where})`, { cause: parsed.error })
  }
  return parsed.data
}

/** The stored route as it was answered, read through the schema: signed again when it was stored
 * unsigned, so a submission is compared with the very signature the client got. */
export async function signedIssuedResponse(route: Pick<StoredRoute, 'nonce' | 'response'>, signer: RouteSigner): Promise<RouteResponse> {
  const issued = issuedResponse(route)
  const { intentOp } = issued
  if (!intentOp) return { ...issued, intentOp: null }
  const serverSignature = intentOp.serverSignature ?? (await signRoute(intentOp, signer))
  return { ...issued, intentOp: { ...intentOp, serverSignature } }
}

/** The stored JSON as it was answered: the serverSignature put back, over exactly that JSON, when
 * it was stored unsigned. */
export async function answeredResponse(route: Pick<StoredRoute, 'nonce' | 'response'>, signer: RouteSigner): Promise<{ response: unknown; hasIntentOp: boolean }> {
  const { intentOp } = issuedResponse(route)
  if (!intentOp || intentOp.serverSignature) return { response: route.response, hasIntentOp: intentOp !== null }
  const stored = route.response as { intentOp: UnsignedIntentOp }
  return { response: { ...stored, intentOp: { ...stored.intentOp, serverSignature: await signRoute(stored.intentOp, signer) } }, hasIntentOp: true }
}
