// The limiter on every store it supports; two limiters on one shared store stand for two app
// instances and must share one budget.
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { postgresDatabase, postgresUrl, redisUrl } from '../../tests/support/testDatabases'
import {
  createRateLimiter,
  RateLimitedError,
  type RateLimiter,
  type RateLimitStore,
  rateLimitHeaders,
} from './rateLimiter'

it('runs on Postgres and Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set (CI sets both)', () => {
  if (process.env.REQUIRE_TEST_SERVICES)
    expect([postgresUrl, redisUrl].every(Boolean), 'CI must set TEST_DATABASE_URL and TEST_REDIS_URL').toBe(true)
})

const disposers: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const d of disposers.reverse()) await d()
})

const stores: [string, () => Promise<RateLimitStore>][] = [
  ['memory', async () => ({ kind: 'memory' })],
  ...(postgresUrl
    ? [
        [
          'Postgres',
          async () => {
            const db = await postgresDatabase(postgresUrl!)
            disposers.push(db.dispose)
            return { kind: 'postgres', url: (db.config as { url: string }).url }
          },
        ] as [string, () => Promise<RateLimitStore>],
      ]
    : []),
  ...(redisUrl
    ? [['Redis', async () => ({ kind: 'redis', url: redisUrl! })] as [string, () => Promise<RateLimitStore>]]
    : []),
]

describe.each(stores)('rate limiter on %s', (_, makeStore) => {
  const open = async (store: RateLimitStore): Promise<RateLimiter> => {
    const limiter = createRateLimiter(store)
    disposers.push(limiter.close)
    return limiter
  }

  it('counts down, then refuses with the time to wait', async () => {
    const limiter = await open(await makeStore())
    const subject = randomUUID()
    const states = [
      await limiter.consume(subject, '3/min'),
      await limiter.consume(subject, '3/min'),
      await limiter.consume(subject, '3/min'),
    ]
    expect(states.map((s) => s.remaining)).toEqual([2, 1, 0])
    expect(rateLimitHeaders(states[0]!)).toMatchObject({
      'ratelimit-limit': '3',
      'ratelimit-remaining': '2',
      'ratelimit-policy': '3;w=60',
    })
    const refused = await limiter.consume(subject, '3/min').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(RateLimitedError)
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0)
    expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(60)
    // another key has its own budget
    expect(await limiter.consume(randomUUID(), '3/min')).toMatchObject({ remaining: 2 })
  }, 30_000)
})

describe.each(stores.filter(([kind]) => kind !== 'memory'))('rate limiter shared through %s', (_, makeStore) => {
  it('gives two instances one budget', async () => {
    const store = await makeStore()
    const [a, b] = [createRateLimiter(store), createRateLimiter(store)]
    disposers.push(a.close, b.close)
    const subject = randomUUID()
    await a.consume(subject, '2/min')
    await b.consume(subject, '2/min')
    await expect(a.consume(subject, '2/min')).rejects.toBeInstanceOf(RateLimitedError)
    await expect(b.consume(subject, '2/min')).rejects.toBeInstanceOf(RateLimitedError)
  }, 30_000)
})

describe('an unreachable shared store', () => {
  it('falls back to this instance’s own budget instead of holding the request', async () => {
    const errors: unknown[] = []
    const limiter = createRateLimiter({ kind: 'redis', url: 'redis://127.0.0.1:9' }, (e) => errors.push(e))
    disposers.push(limiter.close)
    const subject = randomUUID()
    expect(await limiter.consume(subject, '2/min')).toMatchObject({ remaining: 1 })
    expect(await limiter.consume(subject, '2/min')).toMatchObject({ remaining: 0 })
    await expect(limiter.consume(subject, '2/min')).rejects.toBeInstanceOf(RateLimitedError)
    expect(errors.length).toBeGreaterThan(0)
  }, 20_000)
})
