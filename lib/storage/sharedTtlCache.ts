// A cache shared by every server process through Redis, in front of each process's own (TtlCache):
// a value one process read is served to the others until its own expiry, so requests for the same
// account on several processes (or machines) share one chain read per freshness bound.
// Concurrent misses share one read too: within a process through the local cache's single flight,
// across processes through a lease in Redis (`<prefix>:<key>:reading`, holding a token of the read
// that took it): the process that takes it reads, writes the value, gives the lease back (only its
// own: the token must match) and says so on `<prefix>:written`; the others wait for that notice, or
// look again every POLL_MS (a notice lost in a reconnect costs no more), and take the value, or the
// lease if it was given back without one (the read failed). Nobody waits longer than LEASE_MS: a
// read that takes longer, or a process that died holding the lease, lets the others read.
// Redis only shares: each command waits at most READ_TIMEOUT_MS, and a Redis that is slow or away
// means reading alone, reported, never a refused request.
import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { TtlCache } from '../core/chainState/ttlCache'
import type { RedisConnection } from './redisConnection'

/** How long one Redis command may take before the process goes on without it. */
export const READ_TIMEOUT_MS = 50
/** How long one process's read holds the others off at most (the lease's life). */
export const LEASE_MS = 2_000
/** How often a waiting process looks again, notice or not. */
export const POLL_MS = 100

/** KEYS: the value, its lease; ARGV: a token for this read, the lease's life (ms). The value
 * ({1, value}), or the lease taken ({0, 1}), or held by another for `ms` more ({0, 0, ms}). */
const READ_OR_LEASE = `
local value = redis.call('GET', KEYS[1])
if value then return {1, value} end
if redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2], 'NX') then return {0, 1} end
return {0, 0, redis.call('PTTL', KEYS[2])}`

/** KEYS: the value, its lease; ARGV: the read's token, the channel, the key, the value ('' for
 * none), its life (ms). The value stored, the lease deleted if it is still this read's, the
 * others told. */
const WRITE_AND_RELEASE = `
if ARGV[4] ~= '' then redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[5]) end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1`

export type Codec<V> = { encode: (value: V) => string; decode: (text: string) => V | undefined }

type Stored = { until: number; text: string }
type Seen<V> = { value: V } | { lease: 'mine' | 'none' } | { lease: 'theirs'; ms: number }

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
  leaseMs?: number
  pollMs?: number
}): TtlCache<V> {
  const now = p.now ?? Date.now
  const leaseMs = p.leaseMs ?? LEASE_MS
  const pollMs = p.pollMs ?? POLL_MS
  const channel = `${p.prefix}:written`
  /** What a value read from Redis has left to live (its expiry is the process's that read it). */
  const left = new WeakMap<V, number>()
  /** Who waits for another process's read, by key: called when its notice arrives. */
  const waiting = new Map<string, Set<() => void>>()
  let subscribed: Promise<void> | undefined
  const listened = new WeakSet<Redis>()

  /** `task` on the shared connection within READ_TIMEOUT_MS; a failure is reported, and either
   * answers undefined. A task that lost the race may still run: whatever it does must be safe then. */
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

  /** In one round trip: the value if Redis holds it, else the lease taken for `token` ('mine'),
   * held by another ('theirs'), or 'none' when Redis did not say in time (the lease may have been
   * taken all the same: it is given back like one taken). */
  const readOrLease = async (key: string, token: string): Promise<Seen<V>> => {
    const seen = await shared(
      (redis) =>
        redis.eval(READ_OR_LEASE, 2, `${p.prefix}:${key}`, `${p.prefix}:${key}:reading`, token, leaseMs) as Promise<
          [1, string] | [0, 1] | [0, 0, number]
        >,
    )
    if (!seen) return { lease: 'none' }
    if (seen[0] === 1) {
      const value = fresh(seen[1])
      return value === undefined ? { lease: 'none' } : { value }
    }
    return seen[1] === 1 ? { lease: 'mine' } : { lease: 'theirs', ms: Math.max(0, seen[2] ?? 0) }
  }

  /** The value for what it has left (`ms`; undefined: nothing to share), then the lease given back
   * if it is still `token`'s and the others told. */
  const writeAndRelease = (key: string, value: V | undefined, ms: number, token: string) => {
    const stored =
      value === undefined || ms <= 0
        ? ''
        : JSON.stringify({ until: now() + ms, text: p.codec.encode(value) } satisfies Stored)
    p.redis
      .get()
      .then((redis) =>
        redis.eval(
          WRITE_AND_RELEASE,
          2,
          `${p.prefix}:${key}`,
          `${p.prefix}:${key}:reading`,
          token,
          channel,
          key,
          stored,
          Math.max(1, Math.round(ms)),
        ),
      )
      .catch(p.onError)
  }

  const writeShared = (key: string, value: V, ms: number) => {
    if (ms <= 0) return
    const stored: Stored = { until: now() + ms, text: p.codec.encode(value) }
    p.redis
      .get()
      .then((redis) => redis.set(`${p.prefix}:${key}`, JSON.stringify(stored), 'PX', ms))
      .catch(p.onError)
  }

  /** Listens for notices (once per connection; a failure is retried on the next wait). */
  const subscribe = () => {
    subscribed ??= p.notices
      .get()
      .then(async (redis) => {
        if (!listened.has(redis)) {
          listened.add(redis)
          redis.on('message', (_, key: string) => {
            for (const wake of waiting.get(key) ?? []) wake()
          })
        }
        await redis.subscribe(channel)
      })
      .catch((error: unknown) => {
        subscribed = undefined
        p.onError(error)
      })
    return subscribed
  }

  /** Until the awaited key's notice or `ms`, whichever comes first. */
  const pause = (ms: number, wakeUp: { woken: boolean; wake: () => void }) =>
    new Promise<void>((resolve) => {
      if (wakeUp.woken) return resolve()
      const timer = setTimeout(done, ms)
      wakeUp.wake = done
      function done() {
        clearTimeout(timer)
        wakeUp.wake = () => {
          wakeUp.woken = true
        }
        resolve()
      }
    })

  return {
    peek: p.local.peek,
    size: p.local.size,
    set(key, value, ttlMs) {
      p.local.set(key, value, ttlMs)
      writeShared(key, value, ttlMs)
    },
    get(key, load, ttlMs) {
      return p.local.get(
        key,
        async () => {
          const token = randomUUID()
          const giveUpAt = Date.now() + leaseMs
          // Listening before looking: a notice sent between the look and the wait is not lost.
          const wakeUp = {
            woken: false,
            wake: () => {
              wakeUp.woken = true
            },
          }
          const wake = () => wakeUp.wake()
          const listeners = waiting.get(key) ?? new Set()
          waiting.set(key, listeners)
          listeners.add(wake)
          let seen: Seen<V>
          try {
            for (;;) {
              wakeUp.woken = false
              seen = await readOrLease(key, token)
              if ('value' in seen) return seen.value
              const remaining = giveUpAt - Date.now()
              if (seen.lease !== 'theirs' || remaining <= 0) break
              void subscribe()
              await pause(Math.min(seen.ms + 1, pollMs, remaining), wakeUp)
            }
          } finally {
            listeners.delete(wake)
            if (listeners.size === 0) waiting.delete(key)
          }
          // Read here: this process took the lease, or Redis could not say, or the one holding it
          // took longer than anyone waits.
          const mayHold = seen.lease !== 'theirs'
          const started = now()
          let value: V
          try {
            value = await load()
          } catch (error) {
            // Nothing to share: the lease given back, the others read at once.
            if (mayHold) writeAndRelease(key, undefined, 0, token)
            throw error
          }
          // What it has left counts from when the read began, as the local cache counts it.
          const ms = ttlMs(value) - (now() - started)
          if (mayHold) writeAndRelease(key, value, ms, token)
          else writeShared(key, value, ms)
          return value
        },
        (value) => left.get(value) ?? ttlMs(value),
      )
    },
  }
}
