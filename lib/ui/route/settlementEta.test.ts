import { describe, expect, it } from 'vitest'
import { etaBasis, etaSeconds, formatEta, MEASURED_MIN_SAMPLES } from './settlementEta'

describe('settlement ETA', () => {
  it('estimates settlement from the chains’ block times', () => {
    expect(etaSeconds([8453], 42161)).toBeLessThan(etaSeconds([1], 42161))
    expect(formatEta(etaSeconds([8453], 10))).toMatch(/^≈ \d+ s$/)
    expect(formatEta(600)).toBe('≈ 10 min')
  })

  it('uses the measured median for the destination once it has enough samples', () => {
    const measured = [
      { chainId: 42161, samples: 12, p50Seconds: 1.6 },
      { chainId: 10, samples: MEASURED_MIN_SAMPLES - 1, p50Seconds: 40 },
    ]
    expect(etaSeconds([1], 42161, measured)).toBe(2)
    expect(etaBasis(42161, measured)).toEqual({ samples: 12 })
    // Too few samples, or none for the destination: the block-time estimate.
    expect(etaSeconds([8453], 10, measured)).toBe(etaSeconds([8453], 10))
    expect(etaBasis(10, measured)).toBeUndefined()
    expect(etaSeconds([8453], 1, measured)).toBe(etaSeconds([8453], 1))
  })
})
