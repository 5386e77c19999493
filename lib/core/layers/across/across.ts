// Across: arbiter addresses are the production deployments in @rhinestone/shared-configs (the
// published client's own configuration), as for every intent layer.
import type { IntentLayer } from '../layerDefinition'

export const across = {
  kind: 'intent',
  name: 'ACROSS',
  label: 'Across',
  wire: 'ACROSS',
  arbiters: {
    erc7579: '0x28a4D41776968c1201A807ec51fFB405362B8882',
    default: '0xA162fabb9a0EeF2736485A587aAAB3d015e14224',
  },
  fee: { bps: 4n, fixedUsd8: 5_000_000n }, // 0.04 % + $0.05
  groups: ['USDC', 'ETH'],
} as const satisfies IntentLayer
