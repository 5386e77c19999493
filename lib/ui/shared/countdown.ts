// How long a route can still be signed: seconds to intentOp.expires (unix seconds) from the
// page's clock, and that time in words for a live countdown.
export function secondsLeft(expires: bigint, nowMs: number): number {
  const left = expires - BigInt(Math.floor(nowMs / 1000))
  return left > 0n ? Number(left) : 0
}

export function formatCountdown(seconds: number): string {
  if (seconds <= 0) return 'expired'
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (h > 0) return `${h} h ${m} min`
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`
}

/** A unix time in the reader's own time zone, e.g. "21:43:12" (with the date when it is not today). */
export function formatLocalTime(unixSeconds: bigint, nowMs: number): string {
  const date = new Date(Number(unixSeconds) * 1000)
  const sameDay = date.toDateString() === new Date(nowMs).toDateString()
  return sameDay ? date.toLocaleTimeString() : date.toLocaleString()
}
