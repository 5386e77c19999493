// A bounded cache with single flight: concurrent loads of one key share one promise; a value is
// served only until its own expiry (never older than its bound); failures are never cached.
export type TtlCache<V> = {
  /** The cached value if still fresh, else load it once (joining a load already under way). */
  get(key: string, load: () => Promise<V>, ttlMs: (value: V) => number): Promise<V>
  /** The value if still fresh, without loading. */
  peek(key: string): V | undefined
  set(key: string, value: V, ttlMs: number): void
  size(): number
}

export function createTtlCache<V>({
  maxEntries = 10_000,
  now = Date.now,
}: {
  maxEntries?: number
  now?: () => number
} = {}): TtlCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>()
  const loading = new Map<string, Promise<V>>()

  const peek = (key: string): V | undefined => {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return entry.value
  }
  const set = (key: string, value: V, ttlMs: number, since = now()) => {
    if (ttlMs <= 0) return
    entries.delete(key) // re-insert: Map order is the eviction order
    entries.set(key, { value, expiresAt: since + ttlMs })
    // Oldest first (deleting the key just visited leaves the iteration going on).
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break
      entries.delete(oldest)
    }
  }

  return {
    peek,
    set,
    size: () => entries.size,
    get(key, load, ttlMs) {
      const fresh = peek(key)
      if (fresh !== undefined) return Promise.resolve(fresh)
      let pending = loading.get(key)
      if (!pending) {
        // The bound counts from when the read began: a slow read must not stretch the value's life.
        const started = now()
        pending = load()
          .then((value) => {
            set(key, value, ttlMs(value), started)
            return value
          })
          .finally(() => loading.delete(key))
        loading.set(key, pending)
      }
      return pending
    },
  }
}
