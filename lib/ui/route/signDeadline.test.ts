import { describe, expect, it } from 'vitest'
import { type FixtureName, fixtureIntentOp } from './fixtures/routes'
import { claimWindowSeconds, signDeadline, signDeadlineFromExpires, submissionMarginSeconds } from './signDeadline'

describe('signDeadline', () => {
  it('closes a minute before the fill deadline', () => {
    expect(signDeadline(1_000n)).toBe(1_000n - submissionMarginSeconds)
    expect(submissionMarginSeconds).toBe(60n)
  })

  it('reads the same deadline from intentOp.expires as from the fill deadline, on every captured route', () => {
    const names: Exclude<FixtureName, 'shortfall'>[] = ['crossChain', 'oft', 'eco', 'compact', 'wrap', 'executions']
    for (const op of names.map(fixtureIntentOp)) {
      const fill = op.elements.map((e) => BigInt(e.mandate.fillDeadline)).reduce((a, b) => (b < a ? b : a))
      expect(BigInt(op.expires) - fill).toBe(claimWindowSeconds)
      expect(signDeadlineFromExpires(BigInt(op.expires))).toBe(signDeadline(fill))
    }
  })
})
