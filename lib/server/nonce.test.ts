// Route nonces: time (ms) << 160 | process id (96 bits) << 64 | counter. Never reused in a process.
import { describe, expect, it } from 'vitest'
import { nextNonce } from './nonce'

describe('nextNonce', () => {
  it('never repeats over many calls, and each fits in uint256', () => {
    const seen = new Set<bigint>()
    for (let i = 0; i < 100_000; i++) seen.add(nextNonce())
    expect(seen.size).toBe(100_000)
    for (const n of seen) {
      expect(n).toBeGreaterThan(0n)
      expect(n >> 256n).toBe(0n)
    }
  })

  it('keeps the process id, counts up by one, and carries the current time in the top bits', () => {
    const before = BigInt(Date.now())
    const [a, b] = [nextNonce(), nextNonce()]
    const after = BigInt(Date.now())
    const mask64 = (1n << 64n) - 1n
    const mask96 = (1n << 96n) - 1n
    expect((b >> 64n) & mask96).toBe((a >> 64n) & mask96)
    expect((b & mask64) - (a & mask64)).toBe(1n)
    for (const n of [a, b]) {
      expect(n >> 160n).toBeGreaterThanOrEqual(before)
      expect(n >> 160n).toBeLessThanOrEqual(after)
    }
  })
})
