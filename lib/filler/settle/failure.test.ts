import { describe, expect, it } from 'vitest'
import { failureRecords } from './failure'
import { fakePass } from './fixtures/fakePass'

describe('failureRecords', () => {
  const base = (funding: 'PERMIT2' | 'COMPACT') => {
    const { pass } = fakePass(funding, [10, 8453, 42161])
    return {
      plan: pass.plan,
      claims: pass.claims,
      refunds: [],
      reason: 'why',
      journaled: (s: string) => s === 'escrow:1',
    }
  }

  it('refunds every escrow that may hold funds (completed or journaled), once each', () => {
    const p = base('PERMIT2')
    const claims = [{ ...p.claims[0], status: 'COMPLETED' as const }, ...p.claims.slice(1)] as typeof p.claims
    const existing = [{ chainId: 10, elementIndex: 0, status: 'COMPLETED' as const, reason: 'earlier' }]
    const records = failureRecords({ ...p, claims, refunds: existing, refundable: true })
    expect(records.refunds.map((r) => [r.elementIndex, r.status])).toEqual([
      [0, 'COMPLETED'],
      [1, 'PENDING'],
    ])
    expect(records.refunds[1]?.reason).toBe("the intent failed after this chain's escrow: why")
    expect(records.claims.map((c) => c.status)).toEqual(['COMPLETED', 'FAILED', 'FAILED'])
  })

  it('refunds nothing when the verdict is not refundable, or the funds are locked', () => {
    expect(failureRecords({ ...base('PERMIT2'), refundable: false }).refunds).toEqual([])
    expect(failureRecords({ ...base('COMPACT'), refundable: true }).refunds).toEqual([])
  })
})
