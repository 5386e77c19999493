import { describe, expect, it } from 'vitest'
import { TokenNotSupportedError, UnsupportedChainError, UnsupportedTokenError } from '../errors'
import { tokens } from '../tokens/tokens'
import { selectTokens } from './selectTokens'

const served = [1, 10, 8453, 42161]
const key = (t: { chainId: number; symbol: string }) => `${t.chainId}:${t.symbol}`

describe('selectTokens', () => {
  it('selects every token on every served chain by default', () => {
    expect(selectTokens({ servedChainIds: served })).toHaveLength(tokens.length)
    expect(
      selectTokens({ servedChainIds: [8453] })
        .map(key)
        .sort(),
    ).toEqual(['8453:ETH', '8453:USDC', '8453:WETH'])
  })

  it('restricts to chainIds', () => {
    const picked = selectTokens({ servedChainIds: served, chainIds: [1, 10] })
    expect(new Set(picked.map((t) => t.chainId))).toEqual(new Set([1, 10]))
  })

  it('restricts to chain:token pairs given by address (any case) or symbol', () => {
    const picked = selectTokens({
      servedChainIds: served,
      tokens: [
        { chainId: 1, token: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' },
        { chainId: 10, token: 'usdt0' },
      ],
    })
    expect(picked.map(key)).toEqual(['1:USDC', '10:USDT0'])
  })

  it('intersects tokens with chainIds', () => {
    const picked = selectTokens({
      servedChainIds: served,
      chainIds: [10],
      tokens: [
        { chainId: 1, token: 'USDC' },
        { chainId: 10, token: 'ETH' },
      ],
    })
    expect(picked.map(key)).toEqual(['10:ETH'])
  })

  it('rejects unsupported chains and unknown tokens with the client-recognised messages', () => {
    expect(() => selectTokens({ servedChainIds: served, chainIds: [999] })).toThrow(new UnsupportedChainError(999, 'chainIds'))
    expect(() => selectTokens({ servedChainIds: [1], chainIds: [10] })).toThrow('Unsupported chain 10')
    expect(() => selectTokens({ servedChainIds: served, tokens: [{ chainId: 5, token: 'USDC' }] })).toThrow('Unsupported chain 5')
    const bogus = '0x1111111111111111111111111111111111111111'
    expect(() => selectTokens({ servedChainIds: served, tokens: [{ chainId: 1, token: bogus }] })).toThrow(new TokenNotSupportedError(bogus, 1, 'tokens'))
    expect(() => selectTokens({ servedChainIds: served, tokens: [{ chainId: 8453, token: 'USDT0' }] })).toThrow(new UnsupportedTokenError('USDT0', 8453, 'tokens'))
  })
})
