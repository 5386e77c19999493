'use client'
// A route's status as a coloured word: where it got to (built, expired, submitted, settled).
import type { RouteStatus } from '@/lib/core/history/summariseStoredRoute'

const tone: Record<RouteStatus, string> = {
  BUILT: 'bg-sky-100 text-sky-950 dark:bg-sky-950 dark:text-sky-100',
  EXPIRED: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
  SHORTFALL: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  SUBMITTED: 'bg-indigo-100 text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100',
  COMPLETED: 'bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100',
  FAILED: 'bg-red-100 text-red-950 dark:bg-red-950 dark:text-red-100',
}

export function RouteStatusBadge({ status, label }: { status: RouteStatus; label: string }) {
  return (
    <span
      className={`rounded-full px-2.5 py-1 text-sm font-semibold ${tone[status]}`}
      data-testid="route-status"
      data-status={status}
    >
      <span className="sr-only">Status: </span>
      {label}
    </span>
  )
}
