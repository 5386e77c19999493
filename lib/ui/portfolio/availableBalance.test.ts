import { describe, expect, it } from 'vitest'
import type { PortfolioResponse } from '../../api/portfolio'
import { findTokenBySymbol } from '../../core/tokens/tokens'
import { availableBalance, availableExplained, maxHint } from './availableBalance'

const everything = { chainIds: [], tokens: [], excludeChainIds: [], excludeTokens: [] }
const portfolio: PortfolioResponse = {
  portfolio: [
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
        {
          chainId: 10,
          tokenAddress: '0x4200000000000000000000000000000000000006',
          balance: { locked: '0', unlocked: '0' },
        },
      ],
    },
    {
      tokenName: 'USDC',
      tokenDecimals: 6,
      balance: { locked: '500000000', unlocked: '2050500001' },
      tokenChainBalance: [
        {
          chainId: 10,
          tokenAddress: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
          balance: { locked: '500000000', unlocked: '0' },
        },
        {
          chainId: 8453,
          tokenAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
          balance: { locked: '0', unlocked: '1250500001' },
        },
        {
          chainId: 42161,
          tokenAddress: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
          balance: { locked: '0', unlocked: '800000000' },
        },
      ],
    },
  ],
}
const usdcOnArbitrum = findTokenBySymbol(42161, 'USDC')!

describe('availableBalance', () => {
  it('lists the chains holding the requested asset, exact, with locked and unlocked apart', () => {
    const usdc = availableBalance({ portfolio, token: usdcOnArbitrum, access: everything })
    expect(usdc.asset).toBe('USDC')
    expect(usdc.decimals).toBe(6)
    expect(usdc.chains.map((c) => [c.chainName, c.tokenSymbol, c.amounts.locked, c.amounts.unlocked])).toEqual([
      ['OP Mainnet', 'USDC', 500_000000n, 0n],
      ['Base', 'USDC', 0n, 1250_500001n],
      ['Arbitrum One', 'USDC', 0n, 800_000000n],
    ])
    expect([usdc.locked, usdc.unlocked]).toEqual([500_000000n, 2050_500001n])
    // One scheme per route: MAX reaches the unlocked side at most, not the sum.
    expect(usdc.maxBound).toBe(2050_500001n)
    expect(usdc.includesNative).toBe(false)
  })

  it('takes WETH and native ETH as one asset, leaves out empty rows and notes the gas ETH keeps', () => {
    const eth = availableBalance({ portfolio, token: findTokenBySymbol(42161, 'WETH')!, access: everything })
    expect(eth.chains.map((c) => `${c.chainName} ${c.tokenSymbol}`)).toEqual(['Ethereum ETH', 'Ethereum WETH'])
    expect(eth.maxBound).toBe(3_500000000000000000n)
    expect(eth.includesNative).toBe(true)
  })

  it('counts only the funds the Funds choice allows: locked only, or unlocked only', () => {
    const lockedOnly = availableBalance({
      portfolio,
      token: usdcOnArbitrum,
      access: { ...everything, chainIds: [8453, 10] },
      funding: 'COMPACT',
    })
    expect([lockedOnly.locked, lockedOnly.unlocked, lockedOnly.maxBound]).toEqual([500_000000n, 0n, 500_000000n])
    const unlockedOnly = availableBalance({
      portfolio,
      token: usdcOnArbitrum,
      access: { ...everything, chainIds: [8453, 10] },
      funding: 'PERMIT2',
    })
    expect([unlockedOnly.locked, unlockedOnly.unlocked, unlockedOnly.maxBound]).toEqual([
      0n,
      1250_500001n,
      1250_500001n,
    ])
  })

  it('marks what the access list leaves out and counts only what it allows', () => {
    const onlyBase = availableBalance({
      portfolio,
      token: usdcOnArbitrum,
      access: { ...everything, chainIds: [8453, 10] },
    })
    expect(onlyBase.chains.map((c) => [c.chainId, c.usable])).toEqual([
      [10, true],
      [8453, true],
      [42161, false],
    ])
    expect([onlyBase.locked, onlyBase.unlocked, onlyBase.maxBound]).toEqual([500_000000n, 1250_500001n, 1250_500001n])

    const noBase = availableBalance({
      portfolio,
      token: usdcOnArbitrum,
      access: { ...everything, excludeChainIds: [8453, 42161] },
    })
    // Only the locked 500 is left: now the locked side is what MAX can reach.
    expect(noBase.maxBound).toBe(500_000000n)

    const noWrap = availableBalance({
      portfolio,
      token: findTokenBySymbol(1, 'ETH')!,
      access: { ...everything, excludeTokens: ['ETH'] },
    })
    expect(noWrap.includesNative).toBe(false)
    expect(noWrap.unlocked).toBe(1_500000000000000000n)

    const otherToken = availableBalance({
      portfolio,
      token: usdcOnArbitrum,
      access: { ...everything, tokens: ['WETH'] },
    })
    expect(otherToken.chains.every((c) => !c.usable)).toBe(true)
    expect(otherToken.maxBound).toBe(0n)
  })

  it('has nothing for an account holding none of the asset', () => {
    const usdt = availableBalance({ portfolio, token: findTokenBySymbol(42161, 'USDT0')!, access: everything })
    expect(usdt).toMatchObject({ asset: 'USDT', decimals: 6, chains: [], locked: 0n, unlocked: 0n, maxBound: 0n })
  })
})

describe('maxHint', () => {
  it('says MAX is net of fees, explains the one-scheme rule only when both sides hold funds, and keeps gas for ETH', () => {
    const plain = maxHint({ asset: 'USDC', locked: 0n, unlocked: 5n, includesNative: false })
    expect(plain).toContain('less the fees')
    expect(plain).not.toContain('never both')
    expect(maxHint({ asset: 'USDC', locked: 1n, unlocked: 5n, includesNative: false })).toContain('never both')
    expect(maxHint({ asset: 'ETH', locked: 0n, unlocked: 5n, includesNative: true })).toContain('gas')
  })

  it('explains the one available figure: the larger side, with what is held in all', () => {
    const show = (v: bigint) => v.toString()
    expect(availableExplained({ asset: 'USDC', locked: 500n, unlocked: 2050n }, show)).toBe(
      'What one route can draw: it uses either unlocked funds or funds locked in The Compact, never both, so this is the unlocked side. You hold 2550 USDC in all: 2050 unlocked · 500 locked.',
    )
    expect(availableExplained({ asset: 'USDC', locked: 900n, unlocked: 100n }, show)).toMatch(
      /so this is the locked side/,
    )
    expect(availableExplained({ asset: 'USDC', locked: 900n, unlocked: 0n }, show)).toBe(
      'All of it is locked in The Compact; a route can draw on it.',
    )
    expect(availableExplained({ asset: 'USDC', locked: 0n, unlocked: 10n }, show)).toBeUndefined()
  })
})
