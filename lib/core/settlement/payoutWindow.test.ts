import { describe, expect, it } from 'vitest'
import { PAYOUT_MARGIN_SECONDS, payoutDeadline, payoutSeconds } from './payoutWindow'

describe('payoutWindow: a fill is sent only while its payout can still be mined', () => {
  it('counts the fill buried under its depth on the destination, the payout on the slowest origin, a margin', () => {
    // Base at 2 s, 5 confirmations: 12 s; the payout on Ethereum: 12 s.
    expect(payoutSeconds({ fillBlockMs: 2_000, fillDepth: 5, originBlockMs: [250, 12_000] })).toBe(
      24n + PAYOUT_MARGIN_SECONDS,
    )
    // Ethereum finality (64 blocks) takes longer than an escrow's 300 s refund delay on its own.
    expect(payoutSeconds({ fillBlockMs: 12_000, fillDepth: 64, originBlockMs: [2_000] })).toBeGreaterThan(300n)
    // Sub-second blocks round up, never down.
    expect(payoutSeconds({ fillBlockMs: 250, fillDepth: 0, originBlockMs: [250] })).toBe(1n + PAYOUT_MARGIN_SECONDS)
  })

  it('counts the escrows or allocations buried before the fill when checked before them', () => {
    const fill = { fillBlockMs: 2_000, fillDepth: 5, originBlockMs: [12_000] }
    // Ethereum's escrow under 10 confirmations: 132 s more before the fill can go out.
    expect(payoutSeconds({ ...fill, before: [{ blockMs: 12_000, depth: 10 }] }) - payoutSeconds(fill)).toBe(132n)
    // Several origins are buried side by side: the slowest counts.
    expect(
      payoutSeconds({
        ...fill,
        before: [
          { blockMs: 12_000, depth: 10 },
          { blockMs: 250, depth: 100 },
        ],
      }) - payoutSeconds(fill),
    ).toBe(132n)
  })

  it('ends at the refund opening for an escrow and at the expiry for a compact', () => {
    const times = { fillDeadline: 1_000n, expires: 1_200n, refundDelay: 300n }
    expect(payoutDeadline({ funding: 'PERMIT2', ...times })).toBe(1_300n)
    expect(payoutDeadline({ funding: 'COMPACT', ...times })).toBe(1_200n)
  })
})
