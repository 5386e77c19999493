// The one deadline a reader sees: the last moment a route can still be signed and submitted. The
// filler must deliver by the fill deadline, and it refuses to start within 30 s of it; the page
// keeps a minute for the wallet and the submission on top, so nothing signed in time is refused.
// intentOp.expires (the fill deadline plus the filler's claim window) is never the reader's deadline.

/** Seconds kept before the fill deadline for signing and submitting. */
export const submissionMarginSeconds = 60n

/** The route engine's claim window: intentOp.expires is the fill deadline plus this many seconds. */
export const claimWindowSeconds = 600n

/** From the fill deadline (unix seconds): when Sign and Submit close. */
export function signDeadline(fillDeadline: bigint): bigint {
  return fillDeadline - submissionMarginSeconds
}

/** From intentOp.expires alone (a history summary carries no fill deadline). */
export function signDeadlineFromExpires(expires: bigint): bigint {
  return signDeadline(expires - claimWindowSeconds)
}
