import { parseEther, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatAmount, groupThousands } from './formatAmount'

describe('formatAmount', () => {
  it('applies decimals and groups thousands', () => {
    expect(formatAmount(parseUnits('2550.5', 6), 6)).toBe('2,550.5')
    expect(formatAmount(parseUnits('1000000', 6), 6)).toBe('1,000,000')
    expect(formatAmount(parseEther('5'), 18)).toBe('5')
    expect(formatAmount(0n, 18)).toBe('0')
  })

  it('keeps amounts beyond 2^53 exact', () => {
    expect(formatAmount(123456789012345678901234567890n, 18)).toBe('123,456,789,012.345678')
    expect(formatAmount(9007199254740993n, 0)).toBe('9,007,199,254,740,993')
  })

  it('cuts the fraction without rounding up', () => {
    expect(formatAmount(parseEther('0.9999999'), 18)).toBe('0.999999')
    expect(formatAmount(parseEther('1.23456789'), 18, { maxFractionDigits: 2 })).toBe('1.23')
  })

  it('shows dust as "less than" rather than 0', () => {
    expect(formatAmount(1n, 18)).toBe('<0.000001')
    expect(formatAmount(1n, 18, { maxFractionDigits: 2 })).toBe('<0.01')
  })
})

describe('groupThousands', () => {
  it('groups from the right', () => {
    expect(['1', '12', '123', '1234', '1234567'].map(groupThousands)).toEqual(['1', '12', '123', '1,234', '1,234,567'])
  })
})
