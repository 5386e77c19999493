import { describe, expect, it } from 'vitest'
import { summariseSettlementTimes } from './settlementTimes'

describe('summariseSettlementTimes', () => {
  it('gives each destination chain its sample count and nearest-rank p50 and p90', () => {
    const samples = [1.2, 0.8, 3.1, 1.9, 2.4, 1.1, 0.9, 5.6, 1.5, 1.3].map((seconds) => ({
      destinationChainId: 8453,
      seconds,
    }))
    expect(summariseSettlementTimes([...samples, { destinationChainId: 10, seconds: 2.05 }])).toEqual([
      { chainId: 10, samples: 1, p50Seconds: 2.1, p90Seconds: 2.1 },
      { chainId: 8453, samples: 10, p50Seconds: 1.3, p90Seconds: 3.1 },
    ])
  })

  it('has nothing to say without samples, and ignores impossible durations', () => {
    expect(summariseSettlementTimes([])).toEqual([])
    expect(
      summariseSettlementTimes([
        { destinationChainId: 1, seconds: -1 },
        { destinationChainId: 1, seconds: Number.NaN },
      ]),
    ).toEqual([])
  })
})
