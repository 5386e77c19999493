// When the transfer card asks for a quote by itself: once the input has settled (debounced), only
// for a request the key may ask for, that passes its checks, is not already answered or on its way,
// has something to move, and never over a transfer that is still settling. A quote is refreshed
// before its deadline, unless it arrived already that close to it.

/** How long the input must stay unchanged before a quote is asked for. */
export const quoteDebounceMs = 600

/** How long before the deadline (signBy) a quote that is not yet signed is asked for again. */
export const refreshBeforeSeconds = 30n

export type AutoQuoteInput = {
  /** The request body as JSON (quoteKey), or undefined while the form fails its checks. */
  key: string | undefined
  /** The body of the last request sent (or on its way). */
  lastKey: string | undefined
  /** The balances answer the ask already (the funds are there, or no route can draw that much). */
  heldBack: boolean
  /** The route on screen was submitted and has not reached a final status. */
  settling: boolean
  /** The key may ask for this account's routes (with the app's key: the wallet signed in with Ethereum). */
  permitted: boolean
}

export function autoQuoteDue({ key, lastKey, heldBack, settling, permitted }: AutoQuoteInput): boolean {
  return permitted && key !== undefined && key !== lastKey && !heldBack && !settling
}

/** A request body's identity: two bodies that serialise alike ask for the same quote. */
export function quoteKey(body: unknown): string {
  return JSON.stringify(body)
}

/** Milliseconds until a quote signable until `signBy` (unix seconds) should be refreshed; 0 when due. */
export function refreshInMs(signBy: bigint, nowMs: number): number {
  const at = Number(signBy - refreshBeforeSeconds) * 1000
  return Math.max(0, at - nowMs)
}

/** Whether a quote that arrived at `arrivedMs` refreshes itself before its deadline: not when it
 * arrived already that close to it (the page's clock is ahead of the service's, and every new quote
 * would arrive as close: it would only loop). It then expires, and one click asks for a new one. */
export function refreshesItself(signBy: bigint, arrivedMs: number): boolean {
  return refreshInMs(signBy, arrivedMs) > 0
}
