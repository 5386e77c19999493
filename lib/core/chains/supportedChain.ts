// What a chain's file (one per chain, beside this one) states; chains.ts lists the files.
import type { Address, Chain } from 'viem'
import type { AssetName } from '../assets/assets'

export type ChainStack = 'l1' | 'op-stack' | 'arbitrum'

export type SupportedChain = {
  id: number
  name: string
  stack: ChainStack
  /** Typical time between blocks: a cached balance is never served for longer. */
  blockTimeMs: number
  /** viem's chain: its default explorer is the dashboard's (lib/config/explorers.ts). Its RPC URL is
   * never used: the chain's nodes come from RPC_URL_<id> (lib/config/env.ts), or the devnet. */
  viem: Chain
  /** The chain's mark, served from public/. */
  icon: string
  /** The chain's colour in the portfolio's charts. */
  color: string
  /** The tokens it holds (native ETH has no address). */
  tokens: readonly { asset: AssetName; address?: Address }[]
}
