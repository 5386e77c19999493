import 'server-only'
// An account's route history as summaries (a foreign cursor is a 400 naming the field), and one
// stored route in full: both only what the calling key issued for that account.
import type { Address } from 'viem'
import { type StoredRouteResponse, serializeStoredRoute } from '../api/routeHistory'
import { InvalidInputError, ServiceError } from '../core/errors'
import { routeStatus, summariseStoredRoute } from '../core/history/summariseStoredRoute'
import { findIntent } from '../storage/intentStore'
import { BadCursorError, findRoute, listRouteDigests } from '../storage/routeStore'
import { type Caller, issuerOf } from './apiKeys'
import { serverContext } from './context'
import { database } from './database'
import { answeredRoute } from './issuedResponse'

/** Routes the calling key issued for `sponsor`, summarised: one tenant never sees another's. */
export async function routeHistory(sponsor: Address, caller: Caller, p: { limit: number; cursor?: string }) {
  const page = await withCursorField(async () =>
    listRouteDigests(await database(), sponsor, { ...p, issuedBy: issuerOf(caller) }),
  )
  const now = nowSeconds()
  return { routes: page.routes.map((r) => summariseStoredRoute(r, now)), nextCursor: page.nextCursor }
}

/** One route in full. Another key's or another account's nonce is as unknown as one never issued. */
export async function storedRoute(sponsor: Address, nonce: bigint, caller: Caller): Promise<StoredRouteResponse> {
  const db = await database()
  const route = await findRoute(db, nonce)
  if (!route || route.issuedBy !== issuerOf(caller) || route.sponsor.toLowerCase() !== sponsor.toLowerCase()) {
    const message = `No route with nonce ${nonce} was issued for ${sponsor} to this API key`
    throw new ServiceError('not_found', message, [{ message, context: { field: 'nonce' } }])
  }
  const intent = await findIntent(db, nonce)
  const intentStatus = intent && intent.issuedBy === route.issuedBy ? intent.status : null
  const expired = BigInt(route.expires) <= nowSeconds()
  const { response, json } = await answeredRoute(route, serverContext().signer)
  const status = routeStatus({ hasIntentOp: response.intentOp !== null, expired, intentStatus })
  return serializeStoredRoute({ ...route, response: json }, { intentStatus, expired, status })
}

/** A page read whose cursor was not one this service issued is a 400 naming `cursor`. */
export async function withCursorField<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof BadCursorError) throw InvalidInputError.forField('cursor', error.message, {}, { cause: error })
    throw error
  }
}

function nowSeconds(): bigint {
  return BigInt(Math.floor(Date.now() / 1000))
}
