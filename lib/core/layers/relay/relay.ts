// Relay: its elements carry Relay's request and order ids (settlementContext.ts).
import type { IntentLayer } from '../layerDefinition'

export const relay = {
  kind: 'intent',
  name: 'RELAY',
  label: 'Relay',
  wire: 'RELAY',
  arbiters: { default: '0xad549C787B8C00B4E880e327c3Ad3965275cEdfd' },
  fee: { bps: 6n, fixedUsd8: 2_000_000n }, // 0.06 % + $0.02
  groups: ['USDC', 'ETH'],
} as const satisfies IntentLayer
