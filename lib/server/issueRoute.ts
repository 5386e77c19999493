import 'server-only'
// Plans, signs and records a route. Nonces come from a database sequence shared by every instance;
// the nonce is also the routes table's key, so a clash (a sequence reset by hand) issues again.
import type { RouteRequest } from '../api/routeRequest'
import { getRoute, type RouteResult } from '../core/route/getRoute'
import { NonceTakenError, nextRouteNonce, recordRoute } from '../storage/routeStore'
import { issuerOf, type Caller } from './apiKeys'
import { serverContext } from './context'
import { database } from './database'
import { priceSource } from './prices'

const ATTEMPTS = 3

export async function issueRoute(input: RouteRequest, caller: Caller): Promise<RouteResult> {
  const ctx = serverContext()
  for (let attempt = 1; ; attempt++) {
    const nonce = await nextRouteNonce(await database())
    const route = await getRoute({
      input,
      readers: ctx.readers,
      lockTags: ctx.lockTags,
      prices: priceSource(ctx),
      model: ctx.feeModel,
      ttlSeconds: ctx.routeTtlSeconds,
      nonce,
      signer: ctx.signer,
      nowSeconds: BigInt(Math.floor(Date.now() / 1000)),
      caches: { market: ctx.caches.market, marketMaxAgeMs: ctx.caches.marketMaxAgeMs, state: ctx.caches.routeState },
    })
    if (!route.intentOp) return route // a shortfall issues no nonce
    try {
      await recordRoute(await database(), {
        nonce,
        sponsor: route.intentOp.sponsor,
        destinationChainId: input.destinationChainId,
        // What was validated, not the raw body: unknown fields are not kept (nor can they break storage).
        request: input,
        response: route,
        expires: BigInt(route.intentOp.expires),
        keyId: caller.keyId,
        issuedBy: issuerOf(caller),
      })
      return route
    } catch (error) {
      if (!(error instanceof NonceTakenError) || attempt >= ATTEMPTS) throw error
    }
  }
}
