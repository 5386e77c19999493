import { describe, expect, it } from 'vitest'
import { TokenNotSupportedError, UnsupportedTokenError } from '../errors'
import { tokens } from '../tokens/tokens'
import { selectTokens } from './selectTokens'

const served = [1, 10, 8453, 42161]
const key = (t: { chainId: number; symbol: string }) => `${t.chainId}:${t.symbol}`

describe('selectTokens', () => {
  it('selects every token on every served chain by default', () => {
    expect(selectTokens({ servedChainIds: served })).toEqual({ tokens, unsupportedChainIds: [] })
    expect(
      selectTokens({ servedChainIds: [8453] })
        .tokens.map(key)
        .sort(),
    ).toEqual(['8453:ETH', '8453:USDC', '8453:WETH'])
  })

  it('restricts to chainIds', () => {
    const picked = selectTokens({ servedChainIds: served, chainIds: [1, 10] }).tokens
    expect(new Set(picked.map((t) => t.chainId))).toEqual(new Set([1, 10]))
  })

  it('restricts to chain:token pairs given by address (any case) or symbol', () => {
    const picked = selectTokens({
      servedChainIds: served,
      tokens: [
        { chainId: 1, token: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' },
        { chainId: 10, token: 'usdt0' },
      ],
    }).tokens
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
    }).tokens
    expect(picked.map(key)).toEqual(['10:ETH'])
  })

  // The client asks for every chain it knows (18 mainnet ids): the served ones are answered, the rest named.
  it('leaves out the chains a filter names that are not served, and names them in ascending order', () => {
    const sdkChains = [1, 10, 56, 137, 8453, 42161, 999]
    expect(selectTokens({ servedChainIds: served, chainIds: sdkChains })).toEqual({
      tokens: selectTokens({ servedChainIds: served }).tokens,
      unsupportedChainIds: [56, 137, 999],
    })
    expect(selectTokens({ servedChainIds: [1], chainIds: [10] })).toEqual({ tokens: [], unsupportedChainIds: [10] })
    const pairs = [
      { chainId: 137, token: 'USDC' },
      { chainId: 5, token: '0x1111111111111111111111111111111111111111' },
      { chainId: 8453, token: 'USDC' },
    ]
    const picked = selectTokens({ servedChainIds: served, chainIds: [8453, 56], tokens: pairs })
    expect(picked.tokens.map(key)).toEqual(['8453:USDC'])
    expect(picked.unsupportedChainIds).toEqual([5, 56, 137])
  })

  it('rejects unknown tokens on a served chain with the client-recognised messages', () => {
    const bogus = '0x1111111111111111111111111111111111111111'
    expect(() => selectTokens({ servedChainIds: served, tokens: [{ chainId: 1, token: bogus }] })).toThrow(
      new TokenNotSupportedError(bogus, 1, 'tokens'),
    )
    expect(() => selectTokens({ servedChainIds: served, tokens: [{ chainId: 8453, token: 'USDT0' }] })).toThrow(
      new UnsupportedTokenError('USDT0', 8453, 'tokens'),
    )
  })
})
