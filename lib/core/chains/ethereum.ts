import { mainnet } from 'viem/chains'
import type { SupportedChain } from './supportedChain'

export const ethereum = {
  id: 1,
  name: 'Ethereum',
  stack: 'l1',
  blockTimeMs: 12_000,
  viem: mainnet,
  icon: '/icons/chains/1.svg',
  color: '#627eea',
  tokens: [
    { asset: 'ETH' },
    { asset: 'WETH', address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' },
    { asset: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    { asset: 'USDT', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
  ],
} as const satisfies SupportedChain
