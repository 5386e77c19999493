// Eco: each element carries a proving fee, the layer's fixed fee in the element's token, in its
// settlement context (`provingFee`) and as its layerData (abi.encode(uint256 provingFee)).
import { encodeAbiParameters, parseAbiParameters } from 'viem'
import type { IntentLayer } from '../layerDefinition'

export const eco = {
  kind: 'intent',
  name: 'ECO',
  label: 'Eco',
  wire: 'ECO',
  arbiters: { default: '0x2e7627CCfAe4eDb336eEb5a70f08415B0F1a2b8C' },
  fee: { bps: 5n, fixedUsd8: 3_000_000n }, // 0.05 % + $0.03
  groups: ['USDC', 'ETH'],
  qualifier: ({ fixedFeeInToken }) => {
    const provingFee = fixedFeeInToken()
    return {
      context: { provingFee: provingFee.toString() },
      layerData: encodeAbiParameters(parseAbiParameters('uint256'), [provingFee]),
    }
  },
} as const satisfies IntentLayer
