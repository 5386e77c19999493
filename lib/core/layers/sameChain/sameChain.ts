// Funds already on the destination chain: the filler claims them there, no bridge.
import type { SameChainLayer } from '../layerDefinition'

export const sameChain = {
  kind: 'same-chain',
  name: 'SAME_CHAIN',
  label: 'same chain',
  wire: 'SAME_CHAIN',
  arbiters: { default: '0x000000000006e2569CaF8Ff021810790e0A0D740' },
  fee: { bps: 0n, fixedUsd8: 0n },
} as const satisfies SameChainLayer
