import 'server-only'
// The one call a handler makes to know who is calling, whether they may, and whether they still
// have budget left: authentication and scope (a failure spends the client's failed-authentication
// budget), the signed-in wallet (browser key only), then the key's rate limit (headers on the answer).
import type { Scope } from '../config/scopes'
import { ServiceError } from '../core/errors'
import { authenticate, type Caller } from './apiKeys'
import type { ApiRequest } from './apiRequest'
import { consumeBrowserBudget } from './browserBudget'
import { clientAddress } from './clientAddress'
import { clientNetwork } from './clientNetwork'
import { serverContext } from './context'
import { database } from './database'
import type { HandlerContext } from './http'
import { RateLimitedError, type RateLimitState, rateLimitHeaders } from './rateLimiter'
import { currentSession } from './session'

type Context = Pick<HandlerContext<unknown>, 'responseHeaders' | 'log'>

export async function requireCaller(request: ApiRequest, scope: Scope, context: Context): Promise<Caller> {
  const ctx = serverContext()
  // Budgets are the client network's: an IPv4 address, or an IPv6 /64 (clientNetwork.ts).
  const client = clientNetwork(clientAddress(request.headers, ctx.trustedProxies))
  const caller = await withAuthFailureBudget(client, presentedKeyPrefix(request.headers.get('x-api-key')), () =>
    authenticate(request.headers, ctx.apiKeys, scope, database),
  )
  context.log.keyName = caller.label
  context.log.keyId = caller.keyId
  if (caller.browser) caller.wallet = (await currentSession(request.headers))?.address ?? null
  // The browser key is everyone's: its budget is per client network (one nobody can choose, see
  // clientAddress.ts), and all its use together also has a ceiling that degrades evenly.
  await spend(context, () =>
    caller.browser
      ? consumeBrowserBudget(ctx.rateLimiter, client, { perClient: ctx.browserRateClient, total: ctx.browserRateTotal })
      : ctx.rateLimiter.consume(caller.keyId ?? `static:${caller.label}`, caller.rateLimit ?? ctx.defaultRate),
  )
  return caller
}

/** For operations without a key (sign-in): the client network's own budget; answers that network. */
export async function requireClientBudget(request: ApiRequest, context: Context): Promise<string> {
  const ctx = serverContext()
  const client = clientNetwork(clientAddress(request.headers, ctx.trustedProxies))
  await spend(context, () => ctx.rateLimiter.consume(`client:${client}`, ctx.browserRateClient))
  return client
}

/** Runs an authentication first: one that succeeds is never refused, whatever others did. A
 * failure spends a point of the budget of (client network, `credential`), and once that is spent
 * the failure is answered 429 instead of 401 — so guessing is slowed without locking anyone out.
 * Unknown keys are cached (apiKeys.ts), so a flood of them reaches the database once per key. */
export async function withAuthFailureBudget<T>(
  client: string,
  credential: string,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    return await attempt()
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'unauthenticated' && credential !== 'none') {
      const ctx = serverContext()
      const refusal = await ctx.rateLimiter.consume(`authfail:${client}:${credential}`, ctx.authFailureRate).then(
        () => undefined,
        (e: unknown) => (e instanceof RateLimitedError ? tooManyFailures(e.state.resetSeconds) : undefined),
      )
      if (refusal) throw refusal
    }
    throw error
  }
}

/** Which failure budget a presented key spends: an issued key's visible prefix, one budget for any
 * other string, none when no key was sent (that is no guess). */
export function presentedKeyPrefix(presented: string | null): string {
  if (!presented) return 'none'
  return `key:${/^ir_([a-z2-9]{10})_/.exec(presented)?.[1] ?? 'other'}`
}

async function spend(context: Context, consume: () => Promise<RateLimitState>): Promise<void> {
  try {
    const state = await consume()
    for (const [name, value] of Object.entries(rateLimitHeaders(state))) context.responseHeaders.set(name, value)
  } catch (error) {
    if (error instanceof RateLimitedError)
      for (const [name, value] of Object.entries(rateLimitHeaders(error.state)))
        context.responseHeaders.set(name, value)
    throw error
  }
}

function tooManyFailures(retryAfterSeconds: number) {
  const message = 'Too many failed authentications from this address; wait a minute'
  return Object.assign(
    new ServiceError('rate_limited', message, [{ message, context: { reason: 'authentication failures' } }], {
      code: 'AUTH_FAILURES_LIMITED',
    }),
    {
      retryAfterSeconds: Math.max(1, retryAfterSeconds),
    },
  )
}
