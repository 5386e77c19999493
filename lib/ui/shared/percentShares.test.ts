import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { percentShares } from './percentShares'

describe('percentShares', () => {
  it('rounds three equal parts to 34 + 33 + 33, not 33 + 33 + 33', () => {
    expect(percentShares([1n, 1n, 1n])).toEqual([34, 33, 33])
  })

  it('gives the leftover points to the largest remainders', () => {
    // Floors 66 + 16 + 16 leave 2 points; the remainders tie, so the first two parts get them.
    expect(percentShares([4n, 1n, 1n])).toEqual([67, 17, 16])
    expect(percentShares([1n, 999n])).toEqual([0, 100])
    expect(percentShares([5n, 994n, 1n])).toEqual([1, 99, 0])
  })

  it('is all zeros for nothing', () => {
    expect(percentShares([0n, 0n])).toEqual([0, 0])
    expect(percentShares([])).toEqual([])
  })

  it('always adds up to exactly 100 and stays within one point of the exact share', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 30n }), { minLength: 1, maxLength: 12 }), (parts) => {
        const whole = parts.reduce((a, b) => a + b, 0n)
        fc.pre(whole > 0n)
        const shares = percentShares(parts)
        expect(shares.reduce((a, b) => a + b, 0)).toBe(100)
        shares.forEach((s, i) => {
          const exact = Number((parts[i]! * 1_000_000n) / whole) / 10_000
          expect(Math.abs(s - exact)).toBeLessThan(1)
        })
      }),
    )
  })
})
