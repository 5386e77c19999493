import { optimism } from 'viem/chains'
import type { SupportedChain } from './supportedChain'

export const opMainnet = {
  id: 10,
  name: 'OP Mainnet',
  stack: 'op-stack',
  blockTimeMs: 2_000,
  viem: optimism,
  icon: '/icons/chains/10.svg',
  color: '#e11d48',
  tokens: [
    { asset: 'ETH' },
    { asset: 'WETH', address: '0x4200000000000000000000000000000000000006' },
    { asset: 'USDC', address: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' },
    { asset: 'USDT0', address: '0x01bFF41798a0BcF287b996046Ca68b395DbC1071' },
  ],
} as const satisfies SupportedChain
