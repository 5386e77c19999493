import { decodeAbiParameters, keccak256, parseAbiParameters } from 'viem'
import { describe, expect, it } from 'vitest'
import { settlementQualifier } from '../../route/settlementContext'
import { layerQualifier } from '../../route/settlementLayers'
import { eco } from './eco'

const facts = { nonce: 7n, chainId: 10, index: 0, fixedFeeInToken: () => 30_000n }

describe('the Eco layer', () => {
  it('carries its proving fee in the context and as abi.encode(uint256)', () => {
    const part = eco.qualifier(facts)
    expect(part.context).toEqual({ provingFee: '30000' })
    expect(decodeAbiParameters(parseAbiParameters('uint256'), part.layerData)).toEqual([30_000n])
  })

  it('is what the route engine asks for ECO, and the qualifier commits to it', () => {
    const qualify = layerQualifier('ECO')
    expect(qualify).toBe(eco.qualifier)
    const { settlementContext, encodedVal } = settlementQualifier({
      layer: 'ECO',
      funding: 'COMPACT',
      using7579: false,
      layerPart: eco.qualifier(facts),
    })
    expect(settlementContext).toEqual({
      settlementLayer: 'ECO',
      fundingMethod: 'COMPACT',
      using7579: false,
      provingFee: '30000',
    })
    const [layer, funding, using7579, layerData] = decodeAbiParameters(
      parseAbiParameters('string, string, bool, bytes'),
      encodedVal,
    )
    expect([layer, funding, using7579]).toEqual(['ECO', 'COMPACT', false])
    expect(keccak256(layerData)).toBe(keccak256(eco.qualifier(facts).layerData))
  })
})
