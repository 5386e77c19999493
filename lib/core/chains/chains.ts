// The chains the service supports. Adding a chain is a data change here plus its tokens.
import type { Chain } from 'viem'
import { arbitrum, base, mainnet, optimism } from 'viem/chains'

export type ChainStack = 'l1' | 'op-stack' | 'arbitrum'

export type SupportedChain = {
  id: number
  name: string
  stack: ChainStack
  /** Typical time between blocks: a cached balance is never served for longer. */
  blockTimeMs: number
  viem: Chain
}

export const chains = [
  { id: 1, name: 'Ethereum', stack: 'l1', blockTimeMs: 12_000, viem: mainnet },
  { id: 10, name: 'OP Mainnet', stack: 'op-stack', blockTimeMs: 2_000, viem: optimism },
  { id: 8453, name: 'Base', stack: 'op-stack', blockTimeMs: 2_000, viem: base },
  { id: 42161, name: 'Arbitrum One', stack: 'arbitrum', blockTimeMs: 250, viem: arbitrum },
] as const satisfies readonly SupportedChain[]

export type ChainId = (typeof chains)[number]['id']

export const chainIds: readonly ChainId[] = chains.map((c) => c.id)

export function getChain(id: number): SupportedChain | undefined {
  return chains.find((c) => c.id === id)
}
