// The balance cache shared through Redis (TEST_REDIS_URL; CI sets it): two caches with their own
// memory stand for two server processes. Without Redis at all (a port nothing listens on), every read
// still answers, from its loader.
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { redisUrl } from '../../tests/support/testDatabases'
import { createTtlCache } from '../core/chainState/ttlCache'
import { type RedisConnection, redisConnection } from './redisConnection'
import { type Codec, sharedTtlCache } from './sharedTtlCache'

type Value = { n: number }
const codec: Codec<Value> = { encode: (v) => JSON.stringify(v), decode: (t) => JSON.parse(t) as Value }
const connections: RedisConnection[] = []
afterAll(async () => {
  for (const c of connections) await c.close()
})

function process(url: string, prefix: string, clock: { now: number }) {
  const redis = redisConnection(url)
  connections.push(redis)
  const errors: unknown[] = []
  const now = () => clock.now
  const cache = sharedTtlCache<Value>({
    local: createTtlCache<Value>({ now }),
    redis,
    prefix,
    codec,
    onError: (e) => errors.push(e),
    now,
  })
  let loads = 0
  const get = (key: string, n: number, ttl = 1_000) =>
    cache.get(
      key,
      async () => {
        loads++
        return { n }
      },
      () => ttl,
    )
  return { cache, get, errors, loads: () => loads }
}

/** Until the fire-and-forget write of `key` is in Redis. */
async function written(url: string, key: string) {
  const redis = redisConnection(url)
  connections.push(redis)
  const client = await redis.get()
  for (let i = 0; i < 200 && (await client.get(key)) === null; i++) await new Promise((r) => setTimeout(r, 5))
}

describe.runIf(redisUrl)('the balance cache shared through Redis', () => {
  const url = redisUrl as string

  it('serves what one process read to another, without its own read', async () => {
    const prefix = `test:${randomUUID()}`
    const clock = { now: 0 }
    const a = process(url, prefix, clock)
    const b = process(url, prefix, clock)
    expect(await a.get('k', 1)).toEqual({ n: 1 })
    await written(url, `${prefix}:k`)
    expect(await b.get('k', 2)).toEqual({ n: 1 })
    expect([a.loads(), b.loads()]).toEqual([1, 0])
    expect([...a.errors, ...b.errors]).toEqual([])
  })

  it('keeps a shared value only for what it had left, never a fresh bound', async () => {
    const prefix = `test:${randomUUID()}`
    const clock = { now: 10_000 }
    const a = process(url, prefix, clock)
    const b = process(url, prefix, clock)
    await a.get('k', 1, 1_000) // fresh until 11_000
    await written(url, `${prefix}:k`)
    clock.now = 10_600
    expect(await b.get('k', 2, 1_000)).toEqual({ n: 1 })
    clock.now = 10_999
    expect(b.cache.peek('k')).toEqual({ n: 1 })
    clock.now = 11_001
    expect(b.cache.peek('k')).toBeUndefined()
    // Past its expiry by the clock, a value Redis still holds is not served.
    expect(await b.get('k', 3, 1_000)).toEqual({ n: 3 })
    expect(b.loads()).toBe(1)
  })
})

describe('the balance cache with Redis away', () => {
  it('answers every read from its loader and reports the failure', async () => {
    const a = process('redis://127.0.0.1:1', `test:${randomUUID()}`, { now: 0 })
    expect(await a.get('k', 1)).toEqual({ n: 1 })
    expect(await a.get('j', 2)).toEqual({ n: 2 })
    expect(a.loads()).toBe(2)
    // The connection is refused once its deadline passes, after the reads went on without it.
    for (let i = 0; i < 100 && a.errors.length === 0; i++) await new Promise((r) => setTimeout(r, 50))
    expect(String(a.errors[0])).toMatch(/did not answer/)
  })
})
