import 'server-only'
// The one call a handler makes to know who is calling, whether they may, and whether they still
// have budget left: the client's failed-authentication budget, authentication and scope, the
// signed-in wallet (browser key only), then the key's rate limit (headers on the answer).
import type { Scope } from '../config/scopes'
import { ServiceError } from '../core/errors'
import { authenticate, type Caller } from './apiKeys'
import { consumeBrowserBudget } from './browserBudget'
import { clientAddress } from './clientAddress'
import { serverContext } from './context'
import { database } from './database'
import type { HandlerContext } from './http'
import { RateLimitedError, type RateLimitState, rateLimitHeaders } from './rateLimiter'
import { currentSession } from './session'

type Context = Pick<HandlerContext<unknown>, 'responseHeaders' | 'log'>

export async function requireCaller(request: Request, scope: Scope, context: Context): Promise<Caller> {
  const ctx = serverContext()
  const client = clientAddress(request.headers, ctx.trustedProxies)
  const caller = await withAuthFailureBudget(client, () => authenticate(request.headers, ctx.apiKeys, scope, database))
  context.log.keyName = caller.label
  context.log.keyId = caller.keyId
  if (caller.browser) caller.wallet = (await currentSession(request.headers))?.address ?? null
  // The browser key is everyone's: its budget is per client address (one nobody can choose, see
  // clientAddress.ts), and all its use together also has a ceiling that degrades evenly.
  await spend(context, () =>
    caller.browser
      ? consumeBrowserBudget(ctx.rateLimiter, client, { perClient: ctx.browserRateClient, total: ctx.browserRateTotal })
      : ctx.rateLimiter.consume(caller.keyId ?? `static:${caller.label}`, caller.rateLimit ?? ctx.defaultRate),
  )
  return caller
}

/** For operations without a key (sign-in): the client address's own budget. */
export async function requireClientBudget(request: Request, context: Context): Promise<string> {
  const ctx = serverContext()
  const client = clientAddress(request.headers, ctx.trustedProxies)
  await spend(context, () => ctx.rateLimiter.consume(`client:${client}`, ctx.browserRateClient))
  return client
}

/** Runs an authentication; a client that failed too often lately is refused before it is tried,
 * and every 401 spends one of its points. */
export async function withAuthFailureBudget<T>(client: string, attempt: () => Promise<T>): Promise<T> {
  const ctx = serverContext()
  const subject = `authfail:${client}`
  if (await ctx.rateLimiter.isExhausted(subject, ctx.authFailureRate)) throw tooManyFailures()
  try {
    return await attempt()
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'unauthenticated') {
      await ctx.rateLimiter.consume(subject, ctx.authFailureRate).catch((e: unknown) => {
        if (!(e instanceof RateLimitedError)) throw e
      })
    }
    throw error
  }
}

async function spend(context: Context, consume: () => Promise<RateLimitState>): Promise<void> {
  try {
    const state = await consume()
    for (const [name, value] of Object.entries(rateLimitHeaders(state))) context.responseHeaders.set(name, value)
  } catch (error) {
    if (error instanceof RateLimitedError) for (const [name, value] of Object.entries(rateLimitHeaders(error.state))) context.responseHeaders.set(name, value)
    throw error
  }
}

function tooManyFailures() {
  const message = 'Too many failed authentications from this address; wait a minute'
  return Object.assign(new ServiceError('rate_limited', message, [{ message, context: { reason: 'authentication failures' } }]), { retryAfterSeconds: 60 })
}
