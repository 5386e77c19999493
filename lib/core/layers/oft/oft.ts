// LayerZero OFT: the account's own ops send USDT0 through the adapters (adapters.ts); on the wire its
// elements settle as INTENT_EXECUTOR, and a request may name it so.
import type { BridgeLayer } from '../layerDefinition'
import { oftAdapters } from './adapters'

export const oft = {
  kind: 'bridge',
  name: 'OFT',
  label: 'LayerZero OFT',
  wire: 'INTENT_EXECUTOR',
  carries: (group, fromChain, toChain) => group === 'USDT' && fromChain in oftAdapters && toChain in oftAdapters,
} as const satisfies BridgeLayer
