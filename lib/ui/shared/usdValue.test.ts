import { parseEther, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatUsd, usdCents } from './usdValue'

const ethAt3000 = { answer: 3000_00000000n, decimals: 8 }
const usdcAtPar = { answer: 1_00000000n, decimals: 8 }

describe('usdCents', () => {
  it('values token amounts exactly', () => {
    expect(usdCents(parseEther('1.5'), 18, ethAt3000)).toBe(450000n)
    expect(usdCents(parseUnits('2550.5', 6), 6, usdcAtPar)).toBe(255050n)
  })

  it('rounds half up to the cent', () => {
    expect(usdCents(5000n, 6, usdcAtPar)).toBe(1n) // $0.005
    expect(usdCents(4999n, 6, usdcAtPar)).toBe(0n)
  })

  it('handles scales below cents', () => {
    expect(usdCents(3n, 0, { answer: 2n, decimals: 0 })).toBe(600n)
  })
})

describe('formatUsd', () => {
  it('writes dollars and cents with thousands separators', () => {
    expect(formatUsd(0n)).toBe('$0.00')
    expect(formatUsd(5n)).toBe('$0.05')
    expect(formatUsd(123456789n)).toBe('$1,234,567.89')
    expect(formatUsd(-150n)).toBe('-$1.50')
  })
})
