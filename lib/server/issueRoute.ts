import 'server-only'
// Plans, signs and records a route. The nonce is unique in the database too: on the (practically
// impossible) clash with a nonce another instance issued, the route is simply issued again.
import type { RouteRequest } from '../api/routeRequest'
import { getRoute, type RouteResult } from '../core/route/getRoute'
import { NonceTakenError, recordRoute } from '../storage/routeStore'
import { issuerOf, type Caller } from './apiKeys'
import { serverContext } from './context'
import { database } from './database'
import { nextNonce } from './nonce'
import { priceSource } from './prices'

const ATTEMPTS = 3

export async function issueRoute(input: RouteRequest, caller: Caller): Promise<RouteResult> {
  const ctx = serverContext()
  for (let attempt = 1; ; attempt++) {
    const nonce = nextNonce()
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
