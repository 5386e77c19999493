import { describe, expect, it } from 'vitest'
import { createTtlCache } from './ttlCache'

const clock = () => {
  let t = 1_000
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

describe('createTtlCache', () => {
  it('serves a value until its expiry and not a millisecond longer', async () => {
    const c = clock()
    const cache = createTtlCache<number>({ now: c.now })
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('k', load, () => 100)).toBe(1)
    c.advance(99)
    expect(await cache.get('k', load, () => 100)).toBe(1)
    c.advance(1)
    expect(await cache.get('k', load, () => 100)).toBe(2)
    expect(loads).toBe(2)
  })

  it('counts the bound from when the read began, not when it ended', async () => {
    const c = clock()
    const cache = createTtlCache<number>({ now: c.now })
    let loads = 0
    await cache.get(
      'k',
      async () => {
        c.advance(80) // a slow read
        return ++loads
      },
      () => 100,
    )
    c.advance(30) // 110 ms after the read began
    expect(
      await cache.get(
        'k',
        async () => ++loads,
        () => 100,
      ),
    ).toBe(2)
  })

  it('shares one load between concurrent callers (single flight)', async () => {
    const cache = createTtlCache<string>()
    let loads = 0
    let release!: (v: string) => void
    const load = () => {
      loads++
      return new Promise<string>((r) => (release = r))
    }
    const all = Promise.all([
      cache.get('k', load, () => 1_000),
      cache.get('k', load, () => 1_000),
      cache.get('k', load, () => 1_000),
    ])
    release('v')
    expect(await all).toEqual(['v', 'v', 'v'])
    expect(loads).toBe(1)
  })

  it('never caches a failure, and a zero bound means no caching', async () => {
    const cache = createTtlCache<number>()
    await expect(
      cache.get(
        'k',
        () => Promise.reject(new Error('node down')),
        () => 1_000,
      ),
    ).rejects.toThrow('node down')
    expect(
      await cache.get(
        'k',
        async () => 7,
        () => 1_000,
      ),
    ).toBe(7)
    let loads = 0
    await cache.get(
      'z',
      async () => ++loads,
      () => 0,
    )
    await cache.get(
      'z',
      async () => ++loads,
      () => 0,
    )
    expect(loads).toBe(2)
  })

  it('stays within its size, evicting the oldest', async () => {
    const cache = createTtlCache<number>({ maxEntries: 2 })
    for (const k of ['a', 'b', 'c'])
      await cache.get(
        k,
        async () => 1,
        () => 60_000,
      )
    expect(cache.size()).toBe(2)
    expect(cache.peek('a')).toBeUndefined()
    expect(cache.peek('c')).toBe(1)
  })
})
