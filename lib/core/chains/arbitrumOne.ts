import { arbitrum } from 'viem/chains'
import type { SupportedChain } from './supportedChain'

export const arbitrumOne = {
  id: 42161,
  name: 'Arbitrum One',
  stack: 'arbitrum',
  blockTimeMs: 250,
  viem: arbitrum,
  icon: '/icons/chains/42161.svg',
  color: '#0ea5e9',
  tokens: [
    { asset: 'ETH' },
    { asset: 'WETH', address: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1' },
    { asset: 'USDC', address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' },
    { asset: 'USDT0', address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9' },
  ],
} as const satisfies SupportedChain
