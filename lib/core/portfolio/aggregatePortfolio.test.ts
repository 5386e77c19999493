import { describe, expect, it } from 'vitest'
import { findTokenBySymbol, type TokenInfo } from '../tokens/tokens'
import { aggregatePortfolio } from './aggregatePortfolio'
import type { ChainBalances, TokenBalance } from './readBalances'

const t = (chainId: number, symbol: string) => findTokenBySymbol(chainId, symbol)!
const bal = (token: TokenInfo, unlocked: bigint, locked = 0n): TokenBalance => ({ token, unlocked, locked, locks: [] })
const chain = (chainId: number, balances: TokenBalance[]): ChainBalances => ({ chainId, blockNumber: 1n, balances })

describe('aggregatePortfolio', () => {
  const chains = [
    chain(10, [bal(t(10, 'USDC'), 0n, 500_000000n), bal(t(10, 'ETH'), 5n * 10n ** 17n), bal(t(10, 'USDT0'), 0n)]),
    chain(8453, [bal(t(8453, 'USDC'), 1_250_500000n), bal(t(8453, 'WETH'), 0n)]),
    chain(1, [bal(t(1, 'ETH'), 2n * 10n ** 18n), bal(t(1, 'WETH'), 15n * 10n ** 17n)]),
  ]

  it('sums each asset group across chains, locked and unlocked apart', () => {
    const usdc = aggregatePortfolio({ chains, filterEmpty: false }).find((e) => e.tokenName === 'USDC')!
    expect(usdc.balance).toEqual({ locked: 500_000000n, unlocked: 1_250_500000n })
    expect(usdc.tokenDecimals).toBe(6)
    expect(usdc.tokenChainBalance.map((c) => [c.chainId, c.tokenAddress])).toEqual([
      [10, t(10, 'USDC').address],
      [8453, t(8453, 'USDC').address],
    ])
  })

  it('puts WETH and native ETH in the ETH group, each row keeping its own address', () => {
    const eth = aggregatePortfolio({ chains, filterEmpty: false }).find((e) => e.tokenName === 'ETH')!
    expect(eth.balance.unlocked).toBe(4n * 10n ** 18n)
    expect(eth.tokenChainBalance.filter((r) => r.chainId === 1).map((r) => r.symbol)).toEqual(['ETH', 'WETH'])
  })

  it('drops zero rows and empty groups only when filterEmpty is set', () => {
    const all = aggregatePortfolio({ chains, filterEmpty: false })
    expect(all.map((e) => e.tokenName)).toEqual(['ETH', 'USDC', 'USDT'])
    const nonEmpty = aggregatePortfolio({ chains, filterEmpty: true })
    expect(nonEmpty.map((e) => e.tokenName)).toEqual(['ETH', 'USDC'])
    expect(nonEmpty.flatMap((e) => e.tokenChainBalance).every((r) => r.balance.locked + r.balance.unlocked > 0n)).toBe(
      true,
    )
  })

  it('keeps amounts beyond 2^53 exact', () => {
    const huge = 123_456_789_012_345_678_901_234_567n
    const [usdc] = aggregatePortfolio({
      chains: [chain(8453, [bal(t(8453, 'USDC'), huge)]), chain(10, [bal(t(10, 'USDC'), 1n, huge)])],
      filterEmpty: false,
    })
    expect(usdc!.balance).toEqual({ locked: huge, unlocked: huge + 1n })
  })

  it('scales a member with fewer decimals up to the group maximum, exactly', () => {
    const sixDecimalEth: TokenInfo = { ...t(10, 'WETH'), decimals: 6 }
    const [eth] = aggregatePortfolio({
      chains: [chain(10, [bal(sixDecimalEth, 1_500000n)]), chain(1, [bal(t(1, 'ETH'), 1n)])],
      filterEmpty: false,
    })
    expect(eth!.tokenDecimals).toBe(18)
    expect(eth!.tokenChainBalance.find((r) => r.chainId === 10)!.balance.unlocked).toBe(15n * 10n ** 17n)
    expect(eth!.balance.unlocked).toBe(15n * 10n ** 17n + 1n)
  })
})
