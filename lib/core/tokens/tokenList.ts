// Token registry as data, shaped like a Uniswap token list. `extensions.group` names the asset a
// token belongs to across chains: the portfolio aggregates by group, routes move value within one.
import { type Address, zeroAddress } from 'viem'

export type TokenGroup = 'ETH' | 'USDC' | 'USDT'

export type TokenInfo = {
  chainId: number
  address: Address
  symbol: string
  name: string
  decimals: number
  extensions: { group: TokenGroup; native?: true }
}

/** What a token is, apart from where it lives. */
const assets = {
  ETH: { symbol: 'ETH', name: 'Ether', decimals: 18, extensions: { group: 'ETH', native: true } },
  WETH: { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, extensions: { group: 'ETH' } },
  USDC: { symbol: 'USDC', name: 'USD Coin', decimals: 6, extensions: { group: 'USDC' } },
  USDT: { symbol: 'USDT', name: 'Tether USD', decimals: 6, extensions: { group: 'USDT' } },
  USDT0: { symbol: 'USDT0', name: 'USDT0', decimals: 6, extensions: { group: 'USDT' } },
} as const satisfies Record<string, Omit<TokenInfo, 'chainId' | 'address'>>

const token = (chainId: number, asset: keyof typeof assets, address: Address = zeroAddress): TokenInfo => ({
  chainId,
  address,
  ...assets[asset],
})

export const tokenList = {
  name: 'Intent router tokens',
  version: { major: 1, minor: 0, patch: 0 },
  tokens: [
    token(1, 'ETH'),
    token(1, 'WETH', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'),
    token(1, 'USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
    token(1, 'USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7'),
    token(10, 'ETH'),
    token(10, 'WETH', '0x4200000000000000000000000000000000000006'),
    token(10, 'USDC', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'),
    token(10, 'USDT0', '0x01bFF41798a0BcF287b996046Ca68b395DbC1071'),
    token(8453, 'ETH'),
    token(8453, 'WETH', '0x4200000000000000000000000000000000000006'),
    token(8453, 'USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
    token(42161, 'ETH'),
    token(42161, 'WETH', '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1'),
    token(42161, 'USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'),
    token(42161, 'USDT0', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'),
  ] satisfies TokenInfo[],
}

/** Display order and names of the cross-chain asset groups. */
export const tokenGroups: readonly { group: TokenGroup; name: string }[] = [
  { group: 'ETH', name: 'ETH' },
  { group: 'USDC', name: 'USDC' },
  { group: 'USDT', name: 'USDT' },
]
