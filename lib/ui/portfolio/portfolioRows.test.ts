import { describe, expect, it } from 'vitest'
import type { PortfolioResponse } from '../../api/portfolio'
import { heldChainCount, holdsNothing, portfolioRows, usdPriceMap } from './portfolioRows'
import { totalValue, valueByAsset, valueByChain } from './valueByChain'

const response: PortfolioResponse = {
  portfolio: [
    {
      tokenName: 'USDC',
      tokenDecimals: 6,
      balance: { locked: '500000000', unlocked: '2050500000' },
      tokenChainBalance: [
        {
          chainId: 10,
          tokenAddress: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
          balance: { locked: '500000000', unlocked: '0' },
        },
        {
          chainId: 8453,
          tokenAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
          balance: { locked: '0', unlocked: '1250500000' },
        },
        {
          chainId: 42161,
          tokenAddress: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
          balance: { locked: '0', unlocked: '800000000' },
        },
      ],
    },
    {
      tokenName: 'ETH',
      tokenDecimals: 18,
      balance: { locked: '0', unlocked: '3500000000000000000' },
      tokenChainBalance: [
        {
          chainId: 1,
          tokenAddress: '0x0000000000000000000000000000000000000000',
          balance: { locked: '0', unlocked: '2000000000000000000' },
        },
        {
          chainId: 1,
          tokenAddress: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
          balance: { locked: '0', unlocked: '1500000000000000000' },
        },
      ],
    },
  ],
}
const prices = usdPriceMap({
  prices: {
    ETH: { usd: 3000, answer: '300000000000', decimals: 8, updatedAt: '1' },
    USDC: { usd: 1, answer: '100000000', decimals: 8, updatedAt: '1' },
  },
})

describe('portfolioRows', () => {
  it('keeps amounts exact and names each chain row', () => {
    const [usdc, eth] = portfolioRows(response, prices)
    expect(usdc!.amounts).toEqual({ locked: 500_000000n, unlocked: 2050_500000n, total: 2550_500000n })
    expect(usdc!.chains.map((c) => [c.chainName, c.tokenSymbol])).toEqual([
      ['OP Mainnet', 'USDC'],
      ['Base', 'USDC'],
      ['Arbitrum One', 'USDC'],
    ])
    expect(eth!.chains.map((c) => [c.tokenSymbol, c.native])).toEqual([
      ['ETH', true],
      ['WETH', false],
    ])
  })

  it('values rows in cents, and leaves out the value without a price', () => {
    const [usdc, eth] = portfolioRows(response, prices)
    expect(usdc!.usd).toEqual({ locked: 50000n, unlocked: 205050n, total: 255050n })
    expect(eth!.chains[1]!.usd!.total).toBe(450000n)
    const [unpriced] = portfolioRows(response, {})
    expect(unpriced!.usd).toBeUndefined()
    expect(unpriced!.chains[0]!.usd).toBeUndefined()
  })
})

describe('valueByChain and totalValue', () => {
  it('adds USD values per chain in chain order', () => {
    const byChain = valueByChain(portfolioRows(response, prices))!
    expect(byChain.map((c) => [c.chainName, c.usd.total])).toEqual([
      ['Ethereum', 1050000n],
      ['OP Mainnet', 50000n],
      ['Base', 125050n],
      ['Arbitrum One', 80000n],
    ])
    expect(byChain[1]!.usd).toEqual({ locked: 50000n, unlocked: 0n, total: 50000n })
    expect(totalValue(portfolioRows(response, prices))).toEqual({ locked: 50000n, unlocked: 1255050n, total: 1305050n })
  })

  it('draws no picture when a price is missing', () => {
    expect(valueByChain(portfolioRows(response, { USDC: prices.USDC! }))).toBeUndefined()
    expect(totalValue(portfolioRows(response, {}))).toBeUndefined()
  })

  it('adds USD values per asset, largest first', () => {
    expect(valueByAsset(portfolioRows(response, prices))!.map((a) => [a.tokenName, a.usd.total])).toEqual([
      ['ETH', 1050000n],
      ['USDC', 255050n],
    ])
    expect(valueByAsset(portfolioRows(response, { USDC: prices.USDC! }))).toBeUndefined()
  })
})

describe('heldChainCount and holdsNothing', () => {
  const zero = { locked: '0', unlocked: '0' }
  const withEmptyRows: PortfolioResponse = {
    portfolio: [
      {
        ...response.portfolio[0]!,
        tokenChainBalance: [
          ...response.portfolio[0]!.tokenChainBalance,
          { chainId: 1, tokenAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', balance: zero },
        ],
      },
      response.portfolio[1]!,
    ],
  }

  it('counts only the chains that hold something, each chain once', () => {
    const [usdc, eth] = portfolioRows(withEmptyRows)
    expect(usdc!.chains).toHaveLength(4)
    expect(heldChainCount(usdc!)).toBe(3)
    expect(heldChainCount(eth!)).toBe(1) // ETH and WETH on Ethereum
  })

  it('knows an account that holds nothing', () => {
    expect(holdsNothing(portfolioRows(withEmptyRows))).toBe(false)
    const empty: PortfolioResponse = {
      portfolio: response.portfolio.map((e) => ({
        ...e,
        balance: zero,
        tokenChainBalance: e.tokenChainBalance.map((c) => ({ ...c, balance: zero })),
      })),
    }
    expect(holdsNothing(portfolioRows(empty))).toBe(true)
    expect(holdsNothing([])).toBe(true)
  })
})
