import { describe, expect, it } from 'vitest'
import { autoQuoteDue, quoteKey, refreshesItself, refreshInMs } from './autoQuote'

describe('autoQuoteDue', () => {
  const ask = { key: quoteKey({ amount: '10' }), lastKey: undefined, heldBack: false, settling: false, permitted: true }
  it('asks once for a new, valid request', () => {
    expect(autoQuoteDue(ask)).toBe(true)
    expect(autoQuoteDue({ ...ask, lastKey: quoteKey({ amount: '10' }) })).toBe(false)
    expect(autoQuoteDue({ ...ask, lastKey: quoteKey({ amount: '1' }) })).toBe(true)
  })
  it('never asks for an invalid request, a self-transfer, over a transfer that settles, or before a sign-in', () => {
    expect(autoQuoteDue({ ...ask, key: undefined })).toBe(false)
    expect(autoQuoteDue({ ...ask, heldBack: true })).toBe(false)
    expect(autoQuoteDue({ ...ask, settling: true })).toBe(false)
    expect(autoQuoteDue({ ...ask, permitted: false })).toBe(false)
  })
})

describe('refreshInMs', () => {
  it('refreshes 30 s before the deadline, at once when that has passed', () => {
    expect(refreshInMs(1_000n, 900_000)).toBe(70_000)
    expect(refreshInMs(1_000n, 975_000)).toBe(0)
  })
})

describe('refreshesItself', () => {
  it('refreshes a quote that arrived in time, never one that arrived inside the last 30 s (a clock ahead: no loop)', () => {
    expect(refreshesItself(1_000n, 900_000)).toBe(true)
    expect(refreshesItself(1_000n, 975_000)).toBe(false)
  })
})
