import { decodeAbiParameters, encodePacked, keccak256, parseAbiParameters } from 'viem'
import { describe, expect, it } from 'vitest'
import { layerQualifier } from '../../route/settlementLayers'
import { relay } from './relay'

describe('the Relay layer', () => {
  it('derives its request id from the nonce, chain and index, and its order id from the request id', () => {
    const part = relay.qualifier({ nonce: 7n, chainId: 8453, index: 1, fixedFeeInToken: () => 0n })
    const requestId = keccak256(encodePacked(['uint256', 'uint256', 'uint256'], [7n, 8453n, 1n]))
    expect(part.context).toEqual({ requestId, orderId: keccak256(requestId) })
    expect(decodeAbiParameters(parseAbiParameters('bytes32, bytes32'), part.layerData)).toEqual([
      requestId,
      keccak256(requestId),
    ])
  })

  it('gives every element of a route its own ids', () => {
    const ids = [0, 1].map(
      (index) => relay.qualifier({ nonce: 7n, chainId: 8453, index, fixedFeeInToken: () => 0n }).context.requestId,
    )
    expect(new Set(ids).size).toBe(2)
    expect(layerQualifier('RELAY')).toBe(relay.qualifier)
    expect(layerQualifier('ACROSS')).toBeUndefined()
    expect(layerQualifier('OFT')).toBeUndefined()
  })
})
