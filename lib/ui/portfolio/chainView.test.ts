import { describe, expect, it } from 'vitest'
import { chainView, displayAmount } from './chainView'
import type { TokenRow } from './portfolioRows'

const a = (unlocked: bigint, locked = 0n) => ({ unlocked, locked, total: unlocked + locked })
const rows: TokenRow[] = [
  {
    tokenName: 'ETH',
    decimals: 18,
    amounts: a(3_500000000000000000n),
    usd: a(700000n),
    chains: [
      {
        chainId: 1,
        chainName: 'Ethereum',
        tokenAddress: '0x0',
        tokenSymbol: 'ETH',
        native: true,
        amounts: a(2_000000000000000000n),
        usd: a(400000n),
      },
      {
        chainId: 1,
        chainName: 'Ethereum',
        tokenAddress: '0xC02a',
        tokenSymbol: 'WETH',
        native: false,
        amounts: a(1_500000000000000000n),
        usd: a(300000n),
      },
      {
        chainId: 10,
        chainName: 'OP Mainnet',
        tokenAddress: '0x4200',
        tokenSymbol: 'WETH',
        native: false,
        amounts: a(0n),
        usd: a(0n),
      },
    ],
  },
  {
    tokenName: 'USDC',
    decimals: 6,
    amounts: a(0n, 500_000000n),
    usd: a(0n, 50000n),
    chains: [
      {
        chainId: 10,
        chainName: 'OP Mainnet',
        tokenAddress: '0x0b2C',
        tokenSymbol: 'USDC',
        native: false,
        amounts: a(0n, 500_000000n),
        usd: a(0n, 50000n),
      },
    ],
  },
]

describe('chainView', () => {
  it('groups by chain with a USD total, keeps WETH apart from ETH, and hides empty rows', () => {
    const view = chainView(rows)
    expect(view.map((g) => [g.chainName, g.usdCents])).toEqual([
      ['Ethereum', 700000n],
      ['OP Mainnet', 50000n],
    ])
    expect(view[0]!.holdings.map((h) => h.tokenSymbol)).toEqual(['ETH', 'WETH'])
    expect(view[1]!.holdings.map((h) => h.tokenSymbol)).toEqual(['USDC'])
    expect(chainView(rows, { showEmpty: true })[1]!.holdings.map((h) => h.tokenSymbol)).toEqual(['USDC', 'WETH'])
  })

  it('shows stablecoins to the cent and ether to six digits', () => {
    expect(displayAmount(1_250_500000n, 6, 'USDC')).toBe('1,250.5')
    expect(displayAmount(1_489486n, 6, 'USDC')).toBe('1.48')
    expect(displayAmount(1_234567891234567890n, 18, 'ETH')).toBe('1.234567')
  })
})
