// Whether a fill sent now leaves the filler time to be paid for it. After the fill, the filler is paid
// only once the fill is buried under the confirmations the filler and the attester wait for on the
// destination chain, the attester has signed it, and the payout (an escrow's release, a compact's
// claim) is mined on each origin chain. That must happen before the payout can no longer be made: an
// escrow becomes refundable to the sponsor by anyone its refund delay after the fill deadline, and a
// compact's claim is refused after it expires. A fill sent too late for that is a gift to the sponsor,
// so it is never sent: the intent fails instead and what was escrowed goes back.

/** Time for the attester to see the buried fill and for the payout to be picked up and sent. */
export const PAYOUT_MARGIN_SECONDS = 60n

export type PayoutWindowParameters = {
  /** The destination chain's block time, in milliseconds. */
  fillBlockMs: number
  /** The deeper of the filler's and the attester's confirmations on the destination chain. */
  fillDepth: number
  /** Each origin chain's block time, in milliseconds (where the payouts are mined). */
  originBlockMs: readonly number[]
  /** Steps sent before the fill and buried first (each origin's escrow or allocation): counted when
   * the check is made before them. */
  before?: readonly { blockMs: number; depth: number }[]
}

/** Seconds from sending the fill (or the steps `before` it) until its payout is mined, at the
 * chains' block times. */
export function payoutSeconds(p: PayoutWindowParameters): bigint {
  const first = (p.before ?? []).reduce((ms, s) => {
    const buried = BigInt(s.depth + 1) * BigInt(s.blockMs)
    return buried > ms ? buried : ms
  }, 0n)
  const fill = BigInt(p.fillDepth + 1) * BigInt(p.fillBlockMs)
  const payout = BigInt(Math.max(0, ...p.originBlockMs))
  return (first + fill + payout + 999n) / 1000n + PAYOUT_MARGIN_SECONDS
}

/** The last moment a payout can be mined: an escrow's refund opening (PERMIT2), a compact's expiry. */
export function payoutDeadline(p: {
  funding: 'PERMIT2' | 'COMPACT'
  fillDeadline: bigint
  expires: bigint
  refundDelay: bigint
}): bigint {
  return p.funding === 'PERMIT2' ? p.fillDeadline + p.refundDelay : p.expires
}
