import { describe, expect, it } from 'vitest'
import { boundedDetails, cutText, errorBounds } from './errorBounds'

describe('errorBounds', () => {
  it('lists the first problems and counts the rest', () => {
    const details = Array.from({ length: 100_000 }, (_, i) => ({ message: `f${i}: bad`, context: { field: `f${i}` } }))
    const bounded = boundedDetails(details)
    expect(bounded).toHaveLength(errorBounds.problems + 1)
    expect(bounded[0]).toEqual(details[0])
    expect(bounded.at(-1)).toEqual({
      message: `${100_000 - errorBounds.problems} more problems not listed (100000 in all)`,
      context: { limit: 'errors', max: errorBounds.problems, total: 100_000 },
    })
    expect(boundedDetails(details.slice(0, 3))).toEqual(details.slice(0, 3))
  })

  it('cuts long messages and context strings, and leaves other context as it is', () => {
    const context = { field: 'f'.repeat(10_000), chainId: 10, ok: 'short' }
    const [detail] = boundedDetails([{ message: 'm'.repeat(10_000), context }])
    expect(detail?.message).toHaveLength(errorBounds.detailMessage)
    expect(detail?.message.endsWith('…')).toBe(true)
    expect(detail?.context).toEqual({ field: `${'f'.repeat(errorBounds.contextText - 1)}…`, chainId: 10, ok: 'short' })
    expect(cutText('abc', 3)).toBe('abc')
    expect(cutText('abcd', 3)).toBe('ab…')
  })
})
