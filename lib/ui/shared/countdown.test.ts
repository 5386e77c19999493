import { describe, expect, it } from 'vitest'
import { formatCountdown, secondsLeft } from './countdown'

describe('countdown', () => {
  it('counts whole seconds down to expiry and stops at 0', () => {
    expect(secondsLeft(1_000n, 400_000)).toBe(600)
    expect(secondsLeft(1_000n, 999_999)).toBe(1)
    expect(secondsLeft(1_000n, 1_000_000)).toBe(0)
    expect(secondsLeft(1_000n, 5_000_000)).toBe(0)
  })

  it('says how long in words', () => {
    expect(formatCountdown(1199)).toBe('19 min 59 s')
    expect(formatCountdown(61)).toBe('1 min 01 s')
    expect(formatCountdown(9)).toBe('9 s')
    expect(formatCountdown(7300)).toBe('2 h 1 min')
    expect(formatCountdown(0)).toBe('expired')
  })
})
