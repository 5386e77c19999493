'use client'
// One issued route in the list: what it delivers where, when it was issued, whether it can still
// be signed, and how its submission went when it was submitted; "Inspect" opens it in the
// inspector below the row.
import { useId, useState } from 'react'
import { buttonStyles } from '@/components/buttonStyles'
import { ExpiryCountdown } from '@/components/route/ExpiryCountdown'
import type { HistoryRow } from '@/lib/ui/historyRows'
import { type IntentStatus, intentStatusLabel } from '@/lib/ui/intentTimeline'
import { StoredRoute } from './StoredRoute'

const intentBadge: Record<IntentStatus, string> = {
  PENDING: 'bg-indigo-100 text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100',
  CLAIMED: 'bg-indigo-100 text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100',
  FILLED: 'bg-indigo-100 text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100',
  COMPLETED: 'bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100',
  FAILED: 'bg-red-100 text-red-950 dark:bg-red-950 dark:text-red-100',
}

export function HistoryEntry({ row, intentStatus }: { row: HistoryRow; intentStatus: IntentStatus | undefined }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <li className="min-w-0 rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" data-nonce={row.nonce} data-expired={row.expired}>
      <div className="flex flex-wrap items-center justify-between gap-3 p-4">
        <div className="min-w-0">
          <h3 className="font-semibold">
            {row.delivers ?? 'A route'} to {row.destination}
          </h3>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Issued {row.createdAt.toLocaleString()} · nonce{' '}
            <span className="font-mono break-all">
              {row.nonce.slice(0, 10)}…{row.nonce.slice(-6)}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {intentStatus && (
            <span className={`rounded-full px-2.5 py-1 text-sm font-semibold ${intentBadge[intentStatus]}`} data-testid="intent-status" data-status={intentStatus}>
              <span className="sr-only">Intent status: </span>
              {intentStatusLabel(intentStatus)}
            </span>
          )}
          {intentStatus ? null : row.expired ? (
            <span className="rounded-full bg-zinc-200 px-2.5 py-1 text-sm font-semibold text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">Expired</span>
          ) : (
            <ExpiryCountdown expires={row.expires} />
          )}
          <button type="button" className={buttonStyles.secondary} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
            {open ? 'Close' : 'Inspect'}
            <span className="sr-only"> the route issued {row.createdAt.toLocaleString()}</span>
          </button>
        </div>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-zinc-200 bg-zinc-50 p-3 sm:p-4 dark:border-zinc-800 dark:bg-zinc-950/60">
        {open && <StoredRoute row={row} />}
      </div>
    </li>
  )
}
