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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
afterAll(async () => {
  for (const c of connections) await c.close()
})

function process(url: string, prefix: string, clock: { now: number }, leaseMs?: number, lateMs = 0) {
  const real = redisConnection(url)
  // Every command reaching Redis `lateMs` late (a slow Redis, or a connection still opening).
  const redis: RedisConnection = lateMs
    ? { get: () => sleep(lateMs).then(() => real.get()), close: () => real.close() }
    : real
  const notices = redisConnection(url)
  connections.push(real, notices)
  const errors: unknown[] = []
  const now = () => clock.now
  const cache = sharedTtlCache<Value>({
    local: createTtlCache<Value>({ now }),
    redis,
    notices,
    prefix,
    codec,
    onError: (e) => errors.push(e),
    now,
    ...(leaseMs === undefined ? {} : { leaseMs }),
  })
  let loads = 0
  /** `load` in place of an immediate `{ n }`: a read that takes its time, fails or never ends. */
  const get = (key: string, n: number, ttl = 1_000, load = async () => ({ n })) =>
    cache.get(
      key,
      async () => {
        loads++
        return load()
      },
      () => ttl,
    )
  return { cache, get, errors, loads: () => loads }
}

/** A read that answers (or fails) when told to. */
function pendingRead() {
  let answer: (v: Value) => void = () => {}
  let fail: (e: Error) => void = () => {}
  const read = new Promise<Value>((resolve, reject) => {
    answer = resolve
    fail = reject
  })
  return { load: () => read, answer, fail }
}

/** Until the fire-and-forget write of `key` is in Redis. */
async function written(url: string, key: string) {
  const redis = redisConnection(url)
  connections.push(redis)
  const client = await redis.get()
  for (let i = 0; i < 200 && (await client.get(key)) === null; i++) await new Promise((r) => setTimeout(r, 5))
}

/** Until `p` has begun its read (from then on it holds the lease). */
async function reading(p: { loads: () => number }) {
  for (let i = 0; i < 200 && p.loads() === 0; i++) await sleep(2)
}

/** `b` asks while `a`'s read is under way, then `a`'s read fails: `b`'s answer, and how long it took. */
async function failWhileWaiting(
  first: Promise<Value>,
  failing: ReturnType<typeof pendingRead>,
  b: { get: (key: string, n: number) => Promise<Value> },
) {
  const started = Date.now()
  const second = b.get('k', 2)
  await sleep(30)
  failing.fail(new Error('node away'))
  await expect(first).rejects.toThrow('node away')
  return { answer: await second, ms: Date.now() - started }
}

describe.runIf(redisUrl)('the balance cache shared through Redis', () => {
  const url = redisUrl as string
  /** Two processes on one fresh prefix and clock, `a`'s commands reaching Redis `lateMs` late. */
  const pair = (o: { leaseMs?: number; lateMs?: number; now?: number } = {}) => {
    const prefix = `test:${randomUUID()}`
    const clock = { now: o.now ?? 0 }
    return {
      prefix,
      clock,
      a: process(url, prefix, clock, o.leaseMs, o.lateMs),
      b: process(url, prefix, clock, o.leaseMs),
    }
  }
  /** A connection of the test's own, to look at what Redis holds. */
  const inspect = async () => {
    const probe = redisConnection(url)
    connections.push(probe)
    return probe.get()
  }

  it('serves what one process read to another, without its own read', async () => {
    const { prefix, a, b } = pair()
    expect(await a.get('k', 1)).toEqual({ n: 1 })
    await written(url, `${prefix}:k`)
    expect(await b.get('k', 2)).toEqual({ n: 1 })
    expect([a.loads(), b.loads()]).toEqual([1, 0])
    expect([...a.errors, ...b.errors]).toEqual([])
  })

  it('keeps a shared value only for what it had left, never a fresh bound', async () => {
    const { prefix, clock, a, b } = pair({ now: 10_000 })
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

  it('reads a key missed by two processes at once from chain once: the second waits for the first', async () => {
    const { a, b } = pair()
    const slow = pendingRead()
    const first = a.get('k', 1, 1_000, slow.load)
    await reading(a)
    const second = b.get('k', 2)
    await sleep(30) // b is waiting, not reading
    expect(b.loads()).toBe(0)
    slow.answer({ n: 1 })
    expect(await first).toEqual({ n: 1 })
    expect(await second).toEqual({ n: 1 })
    expect([a.loads(), b.loads()]).toEqual([1, 0])
    expect([...a.errors, ...b.errors]).toEqual([])
  })

  it('lets the others read at once when the read holding the lease fails', async () => {
    const { a, b } = pair({ leaseMs: 10_000 })
    const failing = pendingRead()
    const first = a.get('k', 1, 1_000, failing.load)
    await reading(a)
    const { answer, ms } = await failWhileWaiting(first, failing, b)
    expect(answer).toEqual({ n: 2 })
    expect(ms).toBeLessThan(5_000) // woken, not timed out after 10 s
    expect(b.loads()).toBe(1)
  })

  it('gives back a lease it took after Redis answered too late to say so', async () => {
    // a's commands arrive 80 ms late: past READ_TIMEOUT_MS it reads without knowing it holds the lease.
    const { prefix, a, b } = pair({ leaseMs: 10_000, lateMs: 80 })
    const failing = pendingRead()
    const first = a.get('k', 1, 1_000, failing.load)
    const lease = `${prefix}:k:reading`
    const client = await inspect()
    for (let i = 0; i < 200 && (await client.get(lease)) === null; i++) await sleep(2)
    expect(await client.get(lease)).not.toBeNull()
    const { answer, ms } = await failWhileWaiting(first, failing, b)
    expect(answer).toEqual({ n: 2 })
    expect(ms).toBeLessThan(5_000) // the lease given back, not waited out (10 s)
    expect(b.loads()).toBe(1)
    // a's lease is gone (b read alone after a's notice: it took none of its own).
    for (let i = 0; i < 200 && (await client.get(lease)) !== null; i++) await sleep(2)
    expect(await client.get(lease)).toBeNull()
  })

  it('keeps waiting for a read that takes longer than one look, and takes its value', async () => {
    const { a, b } = pair({ leaseMs: 5_000 })
    const slow = pendingRead()
    const first = a.get('k', 1, 1_000, slow.load)
    await reading(a)
    const second = b.get('k', 2)
    await sleep(350) // several of b's looks (every 100 ms)
    expect(b.loads()).toBe(0)
    slow.answer({ n: 1 })
    expect(await first).toEqual({ n: 1 })
    expect(await second).toEqual({ n: 1 })
    expect([a.loads(), b.loads()]).toEqual([1, 0])
  })

  it('holds the others no longer than the lease behind a read that never ends', async () => {
    const { a, b } = pair({ leaseMs: 200 })
    void a.get('k', 1, 1_000, () => new Promise<Value>(() => {}))
    await reading(a)
    const started = Date.now()
    expect(await b.get('k', 2)).toEqual({ n: 2 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(150)
    expect(b.loads()).toBe(1)
  })

  it('gives the lease back once the value is written, so the next miss after its expiry reads at once', async () => {
    const { prefix, clock, a, b } = pair({ leaseMs: 10_000 })
    await a.get('k', 1, 100)
    await written(url, `${prefix}:k`)
    const client = await inspect()
    for (let i = 0; i < 200 && (await client.get(`${prefix}:k:reading`)) !== null; i++) await sleep(5)
    clock.now = 200 // a's value has expired, for both
    const started = Date.now()
    expect(await b.get('k', 2, 100)).toEqual({ n: 2 })
    expect(Date.now() - started).toBeLessThan(5_000)
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
