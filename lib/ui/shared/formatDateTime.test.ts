import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from './formatDateTime'

describe('formatDateTime', () => {
  it('shows the date and the time to the minute, and the date alone in the same style', () => {
    const at = new Date(2026, 10, 28, 14, 5, 33)
    expect(formatDateTime(at)).toContain(formatDate(at))
    expect(formatDateTime(at)).not.toContain('33')
    expect(formatDate(at)).toMatch(/2026/)
  })
})
