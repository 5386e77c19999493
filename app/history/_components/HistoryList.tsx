'use client'
// The routes read so far, newest first, and "Load more" while the server has another page.
import { buttonStyles } from '@/components/buttonStyles'
import type { HistoryRow } from '@/lib/ui/historyRows'
import type { IntentStatus } from '@/lib/ui/intentTimeline'
import { HistoryEntry } from './HistoryEntry'

export type HistoryListProps = {
  account: string
  rows: readonly HistoryRow[]
  /** Submitted routes' intent statuses by nonce. */
  intentStatuses: ReadonlyMap<string, IntentStatus>
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
}

export function HistoryList({ account, rows, intentStatuses, hasMore, loadingMore, onLoadMore }: HistoryListProps) {
  return (
    <section aria-labelledby="routes-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="routes-heading" className="flex flex-wrap items-baseline gap-x-2 text-lg font-semibold">
        Routes for <span className="font-mono text-sm font-normal break-all">{account}</span>
      </h2>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
        {rows.map((row) => (
          <HistoryEntry key={row.nonce} row={row} intentStatus={intentStatuses.get(row.nonce)} />
        ))}
      </ul>
      {hasMore ? (
        <button type="button" className={`${buttonStyles.secondary} justify-self-center`} disabled={loadingMore} onClick={onLoadMore}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      ) : (
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">{rows.length === 1 ? 'That is the only route.' : `All ${rows.length} routes are shown.`}</p>
      )}
    </section>
  )
}
