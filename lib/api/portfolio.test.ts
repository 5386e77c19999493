import { describe, expect, it } from 'vitest'
import { portfolioQuerySchema } from './portfolio'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const fields = (input: Record<string, string>) => {
  const r = portfolioQuerySchema.safeParse({ userAddress: address, ...input })
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'))
}

describe('portfolioQuerySchema', () => {
  it('parses the query the SDK sends', () => {
    const q = portfolioQuerySchema.parse({
      userAddress: address.toLowerCase(),
      chainIds: '1,10',
      tokens: '1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48,10:0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
    })
    expect(q).toEqual({
      userAddress: address,
      chainIds: [1, 10],
      tokens: [
        { chainId: 1, token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
        { chainId: 10, token: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' },
      ],
      filterEmpty: false,
    })
  })

  it('defaults filterEmpty to false and accepts true', () => {
    expect(portfolioQuerySchema.parse({ userAddress: address }).filterEmpty).toBe(false)
    expect(portfolioQuerySchema.parse({ userAddress: address, filterEmpty: 'true' }).filterEmpty).toBe(true)
  })

  it('names the field of every malformed value', () => {
    expect(fields({ userAddress: '0x1234' })).toEqual(['userAddress'])
    // bad checksum
    expect(fields({ userAddress: '0x70997970c51812dc3a010C7d01b50e0d17dc79C8' })).toEqual(['userAddress'])
    expect(fields({ chainIds: 'abc' })).toEqual(['chainIds.0'])
    expect(fields({ chainIds: '1,,10' })).toEqual(['chainIds.1'])
    expect(fields({ tokens: '1-0xA0b8' })).toEqual(['tokens.0'])
    expect(fields({ filterEmpty: 'yes' })).toEqual(['filterEmpty'])
  })

  it('bounds the filter lists', () => {
    expect(fields({ chainIds: Array(101).fill('1').join(',') })).toEqual(['chainIds'])
  })
})
