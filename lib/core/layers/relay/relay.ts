// Relay: each element carries Relay's request id (keccak256 of the route's nonce, the element's chain
// and its index) and order id (keccak256 of the request id) in its settlement context and as its
// layerData (abi.encode(bytes32 requestId, bytes32 orderId)).
import { encodeAbiParameters, encodePacked, keccak256, parseAbiParameters } from 'viem'
import type { IntentLayer } from '../layerDefinition'

export const relay = {
  kind: 'intent',
  name: 'RELAY',
  label: 'Relay',
  wire: 'RELAY',
  arbiters: { default: '0xad549C787B8C00B4E880e327c3Ad3965275cEdfd' },
  fee: { bps: 6n, fixedUsd8: 2_000_000n }, // 0.06 % + $0.02
  groups: ['USDC', 'ETH'],
  qualifier: ({ nonce, chainId, index }) => {
    const requestId = keccak256(
      encodePacked(['uint256', 'uint256', 'uint256'], [nonce, BigInt(chainId), BigInt(index)]),
    )
    const orderId = keccak256(requestId)
    return {
      context: { requestId, orderId },
      layerData: encodeAbiParameters(parseAbiParameters('bytes32, bytes32'), [requestId, orderId]),
    }
  },
} as const satisfies IntentLayer
