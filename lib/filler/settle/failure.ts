// What an intent's records become when it fails: every claim still pending FAILED and, where the
// verdict says the escrows are refundable, a PENDING refund for every escrow that may hold the
// sponsor's funds (the refund pass reads each on chain and returns what it holds).
import type { ClaimRecord, RefundRecord } from '../../core/intent/intentRecords'
import type { SettlementPlan } from '../settlementCalls'

export function failureRecords(p: {
  plan: SettlementPlan
  claims: readonly ClaimRecord[]
  refunds: readonly RefundRecord[]
  refundable: boolean
  reason: string
  /** Whether the step was journaled (an escrow signed may have been mined). */
  journaled: (step: string) => boolean
}): { claims: ClaimRecord[]; refunds: RefundRecord[] } {
  const refunds = [...p.refunds]
  if (p.refundable && p.plan.funding === 'PERMIT2') {
    for (const e of p.plan.elements) {
      const escrowed = p.claims[e.elementIndex]?.status === 'COMPLETED' || p.journaled(`escrow:${e.elementIndex}`)
      if (escrowed && !refunds.some((r) => r.elementIndex === e.elementIndex))
        refunds.push({
          chainId: e.chainId,
          elementIndex: e.elementIndex,
          status: 'PENDING',
          reason: `the intent failed after this chain's escrow: ${p.reason}`,
        })
    }
  }
  const claims = p.claims.map((c) => (c.status === 'PENDING' ? { ...c, status: 'FAILED' as const } : c))
  return { claims, refunds }
}
