import { describe, expect, it } from 'vitest'
import { lockId } from '../../core/locks/lockId'
import { anyChainToken, formatTokenAmount, idAmount, sumByToken, tokenAmount } from './tokenAmount'

const usdcArb = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const tag = '0x60e6d13bb05699a31a457679'

describe('tokenAmount', () => {
  it('names a registry token by chain and symbol, amounts in its units', () => {
    const a = tokenAmount(42161, usdcArb.toLowerCase(), 1_000_500000n)
    expect(a).toMatchObject({ chainName: 'Arbitrum One', token: usdcArb, symbol: 'USDC', decimals: 6, known: true })
    expect(formatTokenAmount(a)).toBe('1,000.5 USDC')
    expect(formatTokenAmount(tokenAmount(10, '0x0000000000000000000000000000000000000000', 50_000_000_000_000n))).toBe(
      '0.00005 ETH',
    )
  })

  it('keeps an unknown token in base units, by its address', () => {
    expect(formatTokenAmount(tokenAmount(42161, '0x1111111111111111111111111111111111111111', 1234n))).toBe(
      '1,234 base units of 0x1111…1111',
    )
    expect(tokenAmount(999, usdcArb, 1n).chainName).toBe('Chain 999')
  })

  it('reads the token out of a lock id, and sums per chain and token in order', () => {
    const id = lockId(tag, usdcArb).toString()
    expect(idAmount(42161, [id, '7'])).toMatchObject({ symbol: 'USDC', amount: 7n })
    const sums = sumByToken([
      idAmount(42161, [id, '7']),
      tokenAmount(10, '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 1n),
      idAmount(42161, [id, '3']),
    ])
    expect(sums.map((s) => [s.chainId, s.amount])).toEqual([
      [42161, 10n],
      [10, 1n],
    ])
  })

  it('finds a token by address on any chain', () => {
    expect(anyChainToken(usdcArb.toUpperCase().replace('0X', '0x'))?.symbol).toBe('USDC')
    expect(anyChainToken('0x1111111111111111111111111111111111111111')).toBeUndefined()
  })
})
