// A cache shared by every server process through Redis, in front of each process's own (TtlCache):
// a value one process read is served to the others until its own expiry, so requests for the same
// account on several processes (or machines) share one chain read per freshness bound.
// Concurrent misses share one read too: within a process through the local cache's single flight,
// across processes through a lease in Redis (SET NX, `<prefix>:<key>:reading`): the process that takes
// it reads and, once the value is written, says so on `<prefix>:written`; the others wait for that
// notice (at most `waitMs`) and take the value from Redis. A reader that fails gives the lease back
// and says so, and the others read at once; one that hangs or dies holds them no longer than `waitMs`.
// Redis only shares: a Redis that is slow or away costs a miss at most READ_TIMEOUT_MS late and is
// reported, never a refused request.
import type { Redis } from 'ioredis'
import type { TtlCache } from '../core/chainState/ttlCache'
import type { RedisConnection } from './redisConnection'

/** How long a read from Redis may take before the value is read from chain instead. */
export const READ_TIMEOUT_MS = 50
/** How long a process waits for another's read of the same key before it reads itself. */
export const WAIT_MS = 500

/** KEYS: the value, its lease; ARGV: the lease's life (ms). The value ({1, value}), or the lease
 * taken ({0, 1}) or held by another ({0, 0}). */
const READ_OR_LEASE = `
local value = redis.call('GET', KEYS[1])
if value then return {1, value} end
if redis.call('SET', KEYS[2], '1', 'PX', ARGV[1], 'NX') then return {0, 1} end
return {0, 0}`

export type Codec<V> = { encode: (value: V) => string; decode: (text: string) => V | undefined }

type Stored = { until: number; text: string }

export function sharedTtlCache<V extends object>(p: {
  local: TtlCache<V>
  redis: RedisConnection
  /** A second connection, only for the notices that a key was written (Redis gives a subscribed
   * connection to nothing else). */
  notices: RedisConnection
  /** Keys are `<prefix>:<key>`: one prefix per kind of value (and per version of its codec). */
  prefix: string
  codec: Codec<V>
  onError: (error: unknown) => void
  now?: () => number
  waitMs?: number
}): TtlCache<V> {
  const now = p.now ?? Date.now
  const waitMs = p.waitMs ?? WAIT_MS
  const channel = `${p.prefix}:written`
  /** What a value read from Redis has left to live (its expiry is the process's that read it). */
  const left = new WeakMap<V, number>()
  /** Who waits for another process's read, by key. */
  const waiting = new Map<string, Set<() => void>>()
  let subscribed: Promise<void> | undefined

  /** `task` on the shared connection within READ_TIMEOUT_MS; a failure is reported, and either
   * answers undefined. */
  const shared = async <T>(task: (redis: Redis) => Promise<T>): Promise<T | undefined> => {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), READ_TIMEOUT_MS)
    })
    const run = p.redis.get().then(task)
    try {
      return await Promise.race([run, late])
    } catch (error) {
      p.onError(error)
      return undefined
    } finally {
      clearTimeout(timer)
      run.catch(() => {}) // a task that lost the race fails unseen
    }
  }

  /** A stored value, if still fresh by this process's clock. */
  const fresh = (raw: string): V | undefined => {
    const stored = JSON.parse(raw) as Stored
    const ms = stored.until - now()
    const value = ms > 0 ? p.codec.decode(stored.text) : undefined
    if (value !== undefined) left.set(value, ms)
    return value
  }

  const readShared = (key: string): Promise<V | undefined> =>
    shared(async (redis) => {
      const raw = await redis.get(`${p.prefix}:${key}`)
      return raw === null ? undefined : fresh(raw)
    })

  /** In one round trip: the value if Redis holds it, else whether this process took the lease to
   * read it ('mine') or another holds it ('theirs'); 'none' when Redis cannot say. */
  const readOrLease = async (key: string): Promise<{ value: V } | { lease: 'mine' | 'theirs' | 'none' }> => {
    const seen = await shared(
      (redis) =>
        redis.eval(READ_OR_LEASE, 2, `${p.prefix}:${key}`, `${p.prefix}:${key}:reading`, waitMs) as Promise<
          [1, string] | [0, 0 | 1]
        >,
    )
    if (!seen) return { lease: 'none' }
    if (seen[0] === 0) return { lease: seen[1] === 1 ? 'mine' : 'theirs' }
    const value = fresh(seen[1])
    return value === undefined ? { lease: 'none' } : { value }
  }

  /** The value for what it has left (`ms`), then, for a read that held the lease, the lease given
   * back and the others woken. A lease that outlived its read (past `waitMs`) and went to another
   * process may be dropped here: that costs one more read, nothing else. */
  const writeShared = (key: string, value: V | undefined, ms: number, leased: boolean) => {
    const stored =
      value === undefined
        ? undefined
        : JSON.stringify({ until: now() + ms, text: p.codec.encode(value) } satisfies Stored)
    p.redis
      .get()
      .then(async (redis) => {
        if (stored !== undefined && ms > 0) await redis.set(`${p.prefix}:${key}`, stored, 'PX', ms)
        if (!leased) return
        await redis.del(`${p.prefix}:${key}:reading`)
        await redis.publish(channel, key)
      })
      .catch(p.onError)
  }

  const subscribe = () =>
    (subscribed ??= p.notices
      .get()
      .then(async (redis) => {
        redis.on('message', (_, key: string) => {
          for (const wake of waiting.get(key) ?? []) wake()
        })
        await redis.subscribe(channel)
      })
      .catch((error: unknown) => {
        subscribed = undefined
        throw error
      }))

  /** Another process's value of `key`, once it says it wrote it (or gave up), within `waitMs`;
   * undefined when there is none by then. */
  const awaitOther = async (key: string): Promise<V | undefined> => {
    let wake = () => {}
    const woken = new Promise<void>((resolve) => {
      wake = resolve
    })
    const set = waiting.get(key) ?? new Set()
    waiting.set(key, set)
    set.add(wake)
    let timer: NodeJS.Timeout | undefined
    try {
      // Listening before looking: a value written in between is seen one way or the other.
      const listening = await Promise.race([
        subscribe().then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), READ_TIMEOUT_MS)
        }),
      ]).catch((error: unknown) => {
        p.onError(error)
        return false
      })
      clearTimeout(timer)
      if (!listening) return undefined
      const already = await readShared(key)
      if (already !== undefined) return already
      await Promise.race([
        woken,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, waitMs)
        }),
      ])
      return await readShared(key)
    } finally {
      clearTimeout(timer)
      set.delete(wake)
      if (set.size === 0) waiting.delete(key)
    }
  }

  return {
    peek: p.local.peek,
    size: p.local.size,
    set(key, value, ttlMs) {
      p.local.set(key, value, ttlMs)
      writeShared(key, value, ttlMs, false)
    },
    get(key, load, ttlMs) {
      return p.local.get(
        key,
        async () => {
          const seen = await readOrLease(key)
          if ('value' in seen) return seen.value
          if (seen.lease === 'theirs') {
            const other = await awaitOther(key)
            if (other !== undefined) return other
          }
          const leased = seen.lease === 'mine'
          const started = now()
          let value: V
          try {
            value = await load()
          } catch (error) {
            // Nothing to share: the lease given back, the others read at once.
            writeShared(key, undefined, 0, leased)
            throw error
          }
          // What it has left counts from when the read began, as the local cache counts it.
          writeShared(key, value, ttlMs(value) - (now() - started), leased)
          return value
        },
        (value) => left.get(value) ?? ttlMs(value),
      )
    },
  }
}
