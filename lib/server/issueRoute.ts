import 'server-only'
// Plans, signs and records a route. Nonces come from a database sequence shared by every instance,
// reserved in blocks (routeNonces.ts); the nonce is also the routes table's key, so a clash (a
// sequence reset by hand) issues again.
// A route is answered only once it is stored (a submission anywhere finds it, a sponsor's cap counts
// it, and no crash loses one a client holds). It is stored as quoted, without its server signature,
// which is a function of what is stored and the server's key (signRouteResponse gives the same bytes
// every time): the route is signed on this thread while the database (another process: Postgres, or
// the embedded database's socket) writes it, instead of before.
import type { Address } from 'viem'
import type { RouteRequest } from '../api/routeRequest'
import { fieldError, InvalidInputError } from '../core/errors'
import type { RouteResponse } from '../core/intentOp/intentOp'
import { signRouteResponse } from '../core/intentOp/serverSignature'
import { InsufficientBalanceError } from '../core/route/insufficientBalanceError'
import { quoteUnsignedRoute } from '../core/route/quoteRoute'
import { unpaidGasOf } from '../storage/intentStore'
import { NonceTakenError, recordRoute } from '../storage/routeStore'
import { refuseOverCap, SponsorCapReachedError, sponsoredUsd } from '../storage/sponsorshipStore'
import { type Caller, issuerOf } from './apiKeys'
import { serverContext } from './context'
import { database } from './database'
import { priceSource } from './prices'
import { createNoncePool } from './routeNonces'

const ATTEMPTS = 3
const nonces = createNoncePool(database)

/** A route as issued, with its JSON: the text answered (the text stored is the same without the serverSignature). */
export type IssuedRoute = { route: RouteResponse; json: string }

export async function issueRoute(input: RouteRequest, caller: Caller): Promise<IssuedRoute> {
  const ctx = serverContext()
  requireSponsorScope(input, caller)
  // Every issued route is stored with its request: each one has a byte budget, so nobody can fill
  // the database with a few large requests.
  const stored = Buffer.byteLength(JSON.stringify(input, (_, v) => (typeof v === 'bigint' ? v.toString() : v)))
  if (stored > ctx.storedRequestMaxBytes) {
    const message =
      `The request is ${stored} bytes once validated; a stored route ` +
      `request may be at most ${ctx.storedRequestMaxBytes} bytes`
    throw InvalidInputError.forField('body', message, { bytes: stored, limit: ctx.storedRequestMaxBytes })
  }
  // Read while the route is quoted: what this sponsor's failed intents left the filler to pay.
  const unpaid = database().then((db) => unpaidGasOf(db, input.account.address))
  unpaid.catch(() => {}) // awaited below
  for (let attempt = 1; ; attempt++) {
    // The nonce is drawn while the chains are read (it is awaited only when the intentOp is built).
    const drawn = nonces.take()
    drawn.catch(() => {}) // a refusal before the build leaves it unawaited; its failure is not lost otherwise
    const quote = await quoteUnsignedRoute({
      input,
      readers: ctx.readers,
      lockTags: ctx.lockTags,
      prices: priceSource(ctx),
      model: ctx.feeModel,
      ttlSeconds: ctx.routeTtlSeconds,
      nonce: drawn,
      fillerAddress: ctx.fillerAddress,
      nowSeconds: BigInt(Math.floor(Date.now() / 1000)),
      caches: { market: ctx.caches.market, marketMaxAgeMs: ctx.caches.marketMaxAgeMs, state: ctx.caches.routeState },
    })
    if (!quote.intentOp) {
      // A shortfall issues no route (its nonce is skipped): nothing to sign or store. The client's
      // InsufficientBalanceError (422), with the figures the route would have carried.
      throw new InsufficientBalanceError(quote.intentCost, quote.warnings)
    }
    await refuseOverUnpaidBudget(await unpaid, ctx.unpaidGasBudgetWei, input.account.address)
    // The intentOp's nonce is the drawn counter scoped to the sponsor; the table is keyed by it.
    const nonce = BigInt(quote.intentOp.nonce)
    // What the operator would pay must fit the key's sponsorship cap: refused at quote time.
    const sponsored = sponsoredUsd(quote.intentCost.sponsorFee)
    if (sponsored.totalUsd !== '0')
      await refuseOverCap(await database(), issuerOf(caller), caller.keyId, sponsored.totalUsd).catch(rethrowCapReached)
    try {
      const stored = recordRoute(await database(), {
        nonce,
        sponsor: quote.intentOp.sponsor,
        destinationChainId: input.destinationChainId,
        // What was validated, not the raw body: unknown fields are not kept (nor can they break storage).
        request: input,
        responseJson: JSON.stringify(quote),
        expires: BigInt(quote.intentOp.expires),
        keyId: caller.keyId,
        issuedBy: issuerOf(caller),
      })
      stored.catch(() => {}) // awaited below; a failure while signing is not unhandled
      await pendingIo() // the INSERT leaves for the database before this thread signs
      const route = await signRouteResponse(quote, ctx.signer)
      const json = JSON.stringify(route)
      await stored
      return { route, json }
    } catch (error) {
      if (!(error instanceof NonceTakenError) || attempt >= ATTEMPTS) throw error
    }
  }
}

/** The filler's exposure to one sponsor is bounded: gas it spent on intents the sponsor let fail
 * (after their setup or allocation, before any payment) counts, and past the budget no new route
 * is issued for that account (a 422 naming `account`). */
function refuseOverUnpaidBudget(unpaid: bigint, budget: bigint, account: Address) {
  if (unpaid <= budget) return
  const message =
    `account: ${account}'s failed intents left the filler ${unpaid} wei of gas unpaid, ` +
    `over this service's budget of ${budget} wei; no new route is issued for it`
  throw fieldError(
    'unprocessable',
    'account',
    message,
    { unpaidGasWei: unpaid.toString(), budgetWei: budget.toString() },
    { code: 'SPONSOR_EXPOSURE' },
  )
}

/** Resolves after the ticks and I/O callbacks already due: node-postgres hands a query a pooled
 * connection on the next tick and writes it to the socket then. */
function pendingIo(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/** A key's sponsorship cap reached, as the client sees it: a 403 naming the cap. */
export function rethrowCapReached(error: unknown): never {
  if (!(error instanceof SponsorCapReachedError)) throw error
  const message =
    `options.sponsorSettings: this key's ${error.message}; the ` +
    'operator can raise it with npm run keys -- sponsor-cap'
  throw fieldError(
    'forbidden',
    'options.sponsorSettings',
    message,
    { capUsd: error.capUsd, spentUsd: error.spentUsd, neededUsd: error.neededUsd },
    { code: 'SPONSOR_CAP_REACHED' },
  )
}

/** Sponsored fees are paid by the operator: only keys with routes:sponsor may ask for them. */
function requireSponsorScope(input: RouteRequest, caller: Caller) {
  const asked = Object.entries(input.options.sponsorSettings ?? {})
    .filter(([, on]) => on === true)
    .map(([name]) => name)
  if (asked.length === 0 || caller.scopes.includes('routes:sponsor')) return
  const message =
    'options.sponsorSettings: ' +
    `sponsoring fees (${asked.join(', ')}) ` +
    'needs a key with the ' +
    'routes:sponsor scope'
  throw fieldError(
    'forbidden',
    'options.sponsorSettings',
    message,
    { scope: 'routes:sponsor' },
    { code: 'SPONSOR_SCOPE_REQUIRED' },
  )
}
