import 'server-only'
// Per-key rate limits (rate-limiter-flexible): in memory for one instance (kept by the cluster's
// primary when several server processes share a port, serve.mjs); shared between instances
// through Redis (REDIS_URL) or Postgres (DATABASE_URL). If the shared store fails, this
// instance falls back to its own in-memory budget (and says so in its log) rather than letting
// every request through, or none.
import pg from 'pg'
import {
  type RateLimiterAbstract,
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible'
import { parseRateLimit, type RateLimitSpec } from '../config/rateLimitSpec'
import { ServiceError } from '../core/errors'
import { CONNECT_TIMEOUT_MS, type RedisConnection, redisConnection } from '../storage/redisConnection'

export type RateLimitStore =
  | { kind: 'memory' }
  | { kind: 'cluster' }
  | { kind: 'postgres'; url: string }
  | { kind: 'redis'; url: string }

export type RateLimitState = { limit: number; remaining: number; resetSeconds: number; windowSeconds: number }

export class RateLimitedError extends ServiceError {
  readonly retryAfterSeconds: number
  readonly state: RateLimitState
  constructor(state: RateLimitState) {
    super('rate_limited', 'Too many requests', [
      {
        message: 'Too many requests',
        context: { limit: state.limit, windowSeconds: state.windowSeconds, retryAfterSeconds: state.resetSeconds },
      },
    ])
    this.retryAfterSeconds = Math.max(1, state.resetSeconds)
    this.state = state
  }
}

export function createRateLimiter(store: RateLimitStore, onStoreError: (error: unknown) => void = () => {}) {
  const fallbacks = new Map<string, RateLimiterAbstract>()
  const limiters = new Map<string, Promise<RateLimiterAbstract>>()
  let redis: RedisConnection | undefined
  let pool: pg.Pool | undefined

  // The shared store must be ready before the first point is spent there, or the first requests
  // would all land on the in-memory insurance limiter and instances would not share a budget.
  const connectRedis = (url: string) => {
    redis ??= redisConnection(url)
    return redis.get()
  }

  const nameOf = (spec: RateLimitSpec) => `${spec.points}_${spec.durationSeconds}`

  const create = async (spec: RateLimitSpec): Promise<RateLimiterAbstract> => {
    const name = nameOf(spec)
    const options = { points: spec.points, duration: spec.durationSeconds, keyPrefix: `rl_${name}` }
    if (store.kind === 'redis') return new RateLimiterRedis({ ...options, storeClient: await connectRedis(store.url) })
    if (store.kind === 'postgres') {
      if (!pool) {
        pool = new pg.Pool({
          connectionString: store.url,
          max: 4,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
          statement_timeout: 2_000,
        })
        pool.on('error', () => {})
      }
      const storeClient = pool
      return new Promise((resolve, reject) => {
        const limiter: RateLimiterPostgres = new RateLimiterPostgres(
          { ...options, storeClient, storeType: 'pool', tableName: 'rate_limits' },
          (error?: unknown) => (error ? reject(error) : resolve(limiter)),
        )
      })
    }
    if (store.kind === 'cluster') return new RateLimiterCluster({ ...options, timeoutMs: CONNECT_TIMEOUT_MS })
    return new RateLimiterMemory(options)
  }

  const limiterFor = (spec: RateLimitSpec): Promise<RateLimiterAbstract> => {
    const name = nameOf(spec)
    let limiter = limiters.get(name)
    if (!limiter) {
      limiter = create(spec).catch((error: unknown) => {
        limiters.delete(name) // try the store again on the next request
        throw error
      })
      limiters.set(name, limiter)
    }
    return limiter
  }

  return {
    /** Spends one point of `subject`'s budget; throws RateLimitedError when it is used up. */
    async consume(subject: string, rate: string): Promise<RateLimitState> {
      const spec = parseRateLimit(rate)
      if (!spec) throw new Error(`not a rate limit: ${rate}`)
      const state = (res: RateLimiterRes): RateLimitState => ({
        limit: spec.points,
        remaining: Math.max(0, res.remainingPoints),
        resetSeconds: Math.ceil(res.msBeforeNext / 1000),
        windowSeconds: spec.durationSeconds,
      })
      try {
        try {
          return state(await (await limiterFor(spec)).consume(subject))
        } catch (error) {
          if (error instanceof RateLimiterRes || store.kind === 'memory') throw error
          onStoreError(error)
          const name = nameOf(spec)
          let fallback = fallbacks.get(name)
          if (!fallback) {
            fallback = new RateLimiterMemory({
              points: spec.points,
              duration: spec.durationSeconds,
              keyPrefix: `rl_${name}`,
            })
            fallbacks.set(name, fallback)
          }
          return state(await fallback.consume(subject))
        }
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw new RateLimitedError(state(rejection))
        throw rejection
      }
    },
    async close(): Promise<void> {
      await redis?.close()
      await pool?.end()
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>

/** The IETF RateLimit header fields for a state. */
export function rateLimitHeaders(s: RateLimitState): Record<string, string> {
  return {
    'ratelimit-limit': String(s.limit),
    'ratelimit-remaining': String(s.remaining),
    'ratelimit-reset': String(s.resetSeconds),
    'ratelimit-policy': `${s.limit};w=${s.windowSeconds}`,
  }
}
