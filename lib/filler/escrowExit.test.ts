import { describe, expect, it } from 'vitest'
import { escrowExit } from './escrowExit'

describe('escrow exit', () => {
  it('returns the escrow at once when no fill was sent, whether or not the refund is due', () => {
    expect(escrowExit({ fillSent: false, returnRefused: false, refundDue: false })).toBe('return')
    expect(escrowExit({ fillSent: false, returnRefused: false, refundDue: true })).toBe('return')
  })

  it('never returns the escrow of an intent whose fill was sent: the timed refund, when due', () => {
    expect(escrowExit({ fillSent: true, returnRefused: false, refundDue: false })).toBe('wait')
    expect(escrowExit({ fillSent: true, returnRefused: false, refundDue: true })).toBe('refund')
  })

  it('falls back to the timed refund when the arbiter refuses the return', () => {
    expect(escrowExit({ fillSent: false, returnRefused: true, refundDue: false })).toBe('wait')
    expect(escrowExit({ fillSent: false, returnRefused: true, refundDue: true })).toBe('refund')
  })
})
