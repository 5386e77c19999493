// What each token is, apart from where it lives: a chain's file lists which of these it holds and at
// which address (lib/core/chains/), and the token list joins the two.
import type { Address } from 'viem'

export type TokenGroup = 'ETH' | 'USDC' | 'USDT'

export type TokenInfo = {
  chainId: number
  address: Address
  symbol: string
  name: string
  decimals: number
  extensions: { group: TokenGroup; native?: true }
}

export const assets = {
  ETH: { symbol: 'ETH', name: 'Ether', decimals: 18, extensions: { group: 'ETH', native: true } },
  WETH: { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, extensions: { group: 'ETH' } },
  USDC: { symbol: 'USDC', name: 'USD Coin', decimals: 6, extensions: { group: 'USDC' } },
  USDT: { symbol: 'USDT', name: 'Tether USD', decimals: 6, extensions: { group: 'USDT' } },
  USDT0: { symbol: 'USDT0', name: 'USDT0', decimals: 6, extensions: { group: 'USDT' } },
} as const satisfies Record<string, Omit<TokenInfo, 'chainId' | 'address'>>

export type AssetName = keyof typeof assets
