'use client'
// One issued route in the list: what it delivers where, when it was issued, whether it can still
// be signed; "Inspect" opens it in the inspector below the row.
import { useId, useState } from 'react'
import { buttonStyles } from '@/components/buttonStyles'
import { ExpiryCountdown } from '@/components/route/ExpiryCountdown'
import type { HistoryRow } from '@/lib/ui/historyRows'
import { StoredRoute } from './StoredRoute'

export function HistoryEntry({ row }: { row: HistoryRow }) {
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
            Issued {row.createdAt.toLocaleString()} · nonce <span className="font-mono break-all">{row.nonce.slice(0, 10)}…{row.nonce.slice(-6)}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {row.expired ? (
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
