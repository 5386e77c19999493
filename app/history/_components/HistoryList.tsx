'use client'
// The routes read so far, newest first, one row per request, and "Load more" while the server has
// another page.
import { buttonStyles } from '@/components/buttonStyles'
import type { HistoryGroup } from '@/lib/ui/history/historyRows'
import { HistoryEntry } from './HistoryEntry'

export type HistoryListProps = {
  account: string
  groups: readonly HistoryGroup[]
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
}

export function HistoryList({ account, groups, hasMore, loadingMore, onLoadMore }: HistoryListProps) {
  const routes = groups.reduce((n, g) => n + g.routes.length, 0)
  return (
    <section aria-labelledby="routes-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="routes-heading" className="flex flex-wrap items-baseline gap-x-2 text-lg font-semibold">
        Routes for <span className="font-mono text-sm font-normal break-all">{account}</span>
      </h2>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
        {groups.map((group) => (
          <HistoryEntry key={group.requestKey} group={group} />
        ))}
      </ul>
      {hasMore ? (
        <button type="button" className={`${buttonStyles.secondary} justify-self-center`} disabled={loadingMore} onClick={onLoadMore}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      ) : (
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          {routes === 1 ? 'That is the only route.' : `All ${routes} routes are shown${groups.length < routes ? `, for ${groups.length} ${groups.length === 1 ? 'request' : 'requests'}` : ''}.`}
        </p>
      )}
    </section>
  )
}
