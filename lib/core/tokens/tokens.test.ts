import { getAddress, isAddress, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { chains } from '../chains/chains'
import { tokenGroups } from './tokenList'
import { findTokenByAddress, findTokenBySymbol, tokens, tokensInGroup, tokensOnChain } from './tokens'

// Mainnet token facts (addresses, symbols, decimals as deployed), typed out independently of the registry.
const expected: [number, string, string, number][] = [
  [1, 'USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6],
  [1, 'WETH', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 18],
  [1, 'USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6],
  [10, 'USDC', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 6],
  [10, 'WETH', '0x4200000000000000000000000000000000000006', 18],
  [10, 'USDT0', '0x01bFF41798a0BcF287b996046Ca68b395DbC1071', 6],
  [8453, 'USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6],
  [8453, 'WETH', '0x4200000000000000000000000000000000000006', 18],
  [42161, 'USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6],
  [42161, 'WETH', '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 18],
  [42161, 'USDT0', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6],
]

describe('token registry', () => {
  it.each(expected)('chain %i has %s at %s with %i decimals', (chainId, symbol, address, decimals) => {
    const token = findTokenBySymbol(chainId, symbol)
    expect(token?.address).toBe(address)
    expect(token?.decimals).toBe(decimals)
  })

  it('has native ETH (address 0, 18 decimals) on every chain', () => {
    for (const c of chains) expect(findTokenByAddress(c.id, zeroAddress)).toMatchObject({ symbol: 'ETH', decimals: 18 })
  })

  it('holds only checksummed addresses and no duplicate token on a chain', () => {
    for (const t of tokens) expect(isAddress(t.address) && getAddress(t.address) === t.address).toBe(true)
    const keys = tokens.map((t) => `${t.chainId}:${t.address}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('has no USDT0 on Base, and USDT (not USDT0) on Ethereum', () => {
    expect(findTokenBySymbol(8453, 'USDT0')).toBeUndefined()
    expect(findTokenBySymbol(1, 'USDT0')).toBeUndefined()
    expect(
      tokensOnChain(8453)
        .map((t) => t.symbol)
        .sort(),
    ).toEqual(['ETH', 'USDC', 'WETH'])
  })

  it('makes the same-asset groups explicit', () => {
    expect(
      tokensInGroup('ETH')
        .map((t) => t.symbol)
        .sort(),
    ).toEqual([...Array(4).fill('ETH'), ...Array(4).fill('WETH')])
    expect(new Set(tokensInGroup('USDT').map((t) => t.symbol))).toEqual(new Set(['USDT', 'USDT0']))
    expect(tokensInGroup('USDC')).toHaveLength(4)
    expect(tokenGroups.map((g) => g.group).sort()).toEqual(['ETH', 'USDC', 'USDT'])
  })

  it('finds tokens by symbol case-insensitively and by any-case address', () => {
    expect(findTokenBySymbol(10, 'usdt0')?.symbol).toBe('USDT0')
    expect(findTokenByAddress(8453, '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')?.symbol).toBe('USDC')
  })
})
