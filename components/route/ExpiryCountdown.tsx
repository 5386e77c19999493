'use client'
// How long the route can still be signed and submitted — its one deadline, the fill deadline less
// the submission margin (lib/ui/route/signDeadline.ts) — counting down every second; "Expired" once
// it has passed. What the deadlines mean is spelled out beside it (RouteSummaryCard).
import { useSecondsLeft } from '@/lib/ui/route/useExpiry'
import { formatCountdown } from '@/lib/ui/shared/countdown'

export function ExpiryCountdown({ deadline, expired = false }: { deadline: bigint; expired?: boolean }) {
  const left = useSecondsLeft(deadline)
  const at = new Date(Number(deadline) * 1000).toLocaleTimeString()
  if (left === 0 || expired) {
    return (
      <span
        className="inline-flex items-center gap-1.5 rounded-full bg-red-100 px-2.5 py-1 text-sm font-semibold text-red-900 dark:bg-red-950 dark:text-red-100"
        data-testid="expiry"
        suppressHydrationWarning
      >
        Expired at {at}
      </span>
    )
  }
  return (
    // The visible text ticks every second; screen readers get the deadline once, not every tick.
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold tabular-nums ${left < 120 ? 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100' : 'bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100'}`}
      data-testid="expiry"
    >
      <span aria-hidden="true" suppressHydrationWarning>
        Expires in {formatCountdown(left)}
      </span>
      <span className="sr-only" suppressHydrationWarning>
        Sign and submit by {at}
      </span>
    </span>
  )
}
