// How a FAILED intent's held escrow goes back to its sponsor: returned at once by the filler that
// took it (the arbiter's `returnEscrow`) while no fill was ever sent for the intent; otherwise (a fill
// sent, even unconfirmed, or the arbiter refused the return: another filler address escrowed it)
// by the public refund once the arbiter's delay after the fill deadline has passed.

export type EscrowExit = 'return' | 'refund' | 'wait'

export function escrowExit(p: { fillSent: boolean; returnRefused: boolean; refundDue: boolean }): EscrowExit {
  if (!p.fillSent && !p.returnRefused) return 'return'
  return p.refundDue ? 'refund' : 'wait'
}
