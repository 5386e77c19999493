// A cache shared by every server process through Redis, in front of each process's own (TtlCache):
// a value one process read is served to the others until its own expiry, so requests for the same
// account on several processes (or machines) share one chain read per freshness bound. Redis only
// shares: a value it does not hold is read as before, by at most one request per process at a time
// (the local cache's single flight); a Redis that is slow or away costs a miss at most READ_TIMEOUT_MS
// late and is reported, never a refused request.
import type { TtlCache } from '../core/chainState/ttlCache'
import type { RedisConnection } from './redisConnection'

/** How long a read from Redis may take before the value is read from chain instead. */
export const READ_TIMEOUT_MS = 50

export type Codec<V> = { encode: (value: V) => string; decode: (text: string) => V | undefined }

type Stored = { until: number; text: string }

export function sharedTtlCache<V extends object>(p: {
  local: TtlCache<V>
  redis: RedisConnection
  /** Keys are `<prefix>:<key>`: one prefix per kind of value (and per version of its codec). */
  prefix: string
  codec: Codec<V>
  onError: (error: unknown) => void
  now?: () => number
}): TtlCache<V> {
  const now = p.now ?? Date.now
  /** What a value read from Redis has left to live (its expiry is the process's that read it). */
  const left = new WeakMap<V, number>()

  const readShared = async (key: string): Promise<V | undefined> => {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), READ_TIMEOUT_MS)
    })
    const read = p.redis.get().then(async (redis) => {
      const raw = await redis.get(`${p.prefix}:${key}`)
      if (raw === null) return undefined
      const stored = JSON.parse(raw) as Stored
      const ms = stored.until - now()
      const value = ms > 0 ? p.codec.decode(stored.text) : undefined
      if (value !== undefined) left.set(value, ms)
      return value
    })
    try {
      return await Promise.race([read, late])
    } catch (error) {
      p.onError(error)
      return undefined
    } finally {
      clearTimeout(timer)
      read.catch(() => {}) // a read that lost the race fails unseen
    }
  }

  const writeShared = (key: string, value: V, ms: number) => {
    if (ms <= 0) return
    const stored: Stored = { until: now() + ms, text: p.codec.encode(value) }
    p.redis
      .get()
      .then((redis) => redis.set(`${p.prefix}:${key}`, JSON.stringify(stored), 'PX', ms))
      .catch(p.onError)
  }

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
          const shared = await readShared(key)
          if (shared !== undefined) return shared
          const started = now()
          const value = await load()
          // What it has left counts from when the read began, as the local cache counts it.
          writeShared(key, value, ttlMs(value) - (now() - started))
          return value
        },
        (value) => left.get(value) ?? ttlMs(value),
      )
    },
  }
}
