import 'server-only'
// The one call a handler makes to know who is calling, whether they may, and whether they still
// have budget left: authentication, scope, then the key's rate limit (headers on the answer).
import type { Scope } from '../core/scopes'
import { authenticate, type Caller } from './apiKeys'
import { serverContext } from './context'
import { database } from './database'
import type { HandlerContext } from './http'
import { RateLimitedError, rateLimitHeaders } from './rateLimiter'

export async function requireCaller(request: Request, scope: Scope, context: Pick<HandlerContext<unknown>, 'responseHeaders' | 'log'>): Promise<Caller> {
  const ctx = serverContext()
  const caller = await authenticate(request.headers, ctx.apiKeys, scope, database)
  context.log.keyName = caller.label
  context.log.keyId = caller.keyId
  // The browser key is everyone's: its budget is per client address, and since a non-browser client
  // can claim any address, all its use together also has a ceiling.
  const subject = caller.keyId ?? (caller.label === 'browser' ? `browser:${clientAddress(request)}` : `static:${caller.label}`)
  try {
    if (caller.label === 'browser' && !caller.keyId) await ctx.rateLimiter.consume('browser:*', ctx.browserRateTotal)
    const state = await ctx.rateLimiter.consume(subject, caller.rateLimit ?? ctx.defaultRate)
    for (const [name, value] of Object.entries(rateLimitHeaders(state))) context.responseHeaders.set(name, value)
  } catch (error) {
    if (error instanceof RateLimitedError) for (const [name, value] of Object.entries(rateLimitHeaders(error.state))) context.responseHeaders.set(name, value)
    throw error
  }
  return caller
}

function clientAddress(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown'
}
