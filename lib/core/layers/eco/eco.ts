// Eco: its elements carry a proving fee (settlementContext.ts).
import type { IntentLayer } from '../layerDefinition'

export const eco = {
  kind: 'intent',
  name: 'ECO',
  label: 'Eco',
  wire: 'ECO',
  arbiters: { default: '0x2e7627CCfAe4eDb336eEb5a70f08415B0F1a2b8C' },
  fee: { bps: 5n, fixedUsd8: 3_000_000n }, // 0.05 % + $0.03
  groups: ['USDC', 'ETH'],
} as const satisfies IntentLayer
