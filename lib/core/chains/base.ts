import { base as viemBase } from 'viem/chains'
import type { SupportedChain } from './supportedChain'

export const base = {
  id: 8453,
  name: 'Base',
  stack: 'op-stack',
  blockTimeMs: 2_000,
  viem: viemBase,
  icon: '/icons/chains/8453.svg',
  color: '#1d4ed8',
  tokens: [
    { asset: 'ETH' },
    { asset: 'WETH', address: '0x4200000000000000000000000000000000000006' },
    { asset: 'USDC', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
  ],
} as const satisfies SupportedChain
