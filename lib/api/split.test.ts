import { describe, expect, it } from 'vitest'
import { validationError } from './errorEnvelope'
import { splitRequestSchema } from './split'

describe('splitRequestSchema', () => {
  it('reads token amounts keyed by address', () => {
    const usdc = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
    const parsed = splitRequestSchema.parse({ chainId: 8453, tokens: { [usdc]: '5' } })
    expect([...parsed.tokens]).toEqual([['0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 5n]])
  })

  it('refuses 100,000 invalid token keys with one problem, counted before any key is checked', () => {
    const tokens = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`not-an-address-${i}`, '1']))
    const error = splitRequestSchema.safeParse({ chainId: 8453, tokens }).error
    expect(error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['tokens: between 1 and 10 tokens'])
    expect(error && validationError(error).details).toHaveLength(1)
    const none = splitRequestSchema.safeParse({ chainId: 8453, tokens: {} })
    expect(none.error?.issues[0]?.message).toBe('between 1 and 10 tokens')
  })
})
