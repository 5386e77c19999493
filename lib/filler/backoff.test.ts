import { describe, expect, it } from 'vitest'
import { Backoff } from './backoff'

describe('per-intent back-off', () => {
  it("doubles an intent's delay up to the maximum, leaves the others alone, and forgets on clear", () => {
    let now = 1_000
    const b = new Backoff(200, 1_000, () => now)
    expect([b.wait('a'), b.wait('a'), b.wait('a'), b.wait('a')]).toEqual([200, 400, 800, 1_000])
    expect(b.waiting()).toEqual(['a'])
    b.wait('b')
    now += 200
    expect(b.waiting()).toEqual(['a']) // b's 200 ms have passed, a's 1,000 have not
    now += 800
    expect(b.waiting()).toEqual([])
    b.clear('a')
    expect(b.wait('a')).toBe(200)
  })
})
