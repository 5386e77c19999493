'use client'
// The routes read so far, newest first: the activity feed (one row per submitted intent), then
// the drafts (routes never submitted, one row per request), and "Load more" while the server has
// another page.
import { buttonStyles } from '@/components/buttonStyles'
import type { IntentStatusResponse } from '@/lib/api/intentOperation'
import type { HistoryGroup } from '@/lib/ui/history/historyRows'
import { HistoryEntry } from './HistoryEntry'

export type HistoryListProps = {
  account: string
  groups: readonly HistoryGroup[]
  intents: ReadonlyMap<string, IntentStatusResponse>
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
}

export function HistoryList({ account, groups, intents, hasMore, loadingMore, onLoadMore }: HistoryListProps) {
  const routes = groups.reduce((n, g) => n + g.routes.length, 0)
  const activity = groups.filter((g) => g.kind === 'activity')
  const drafts = groups.filter((g) => g.kind === 'draft')
  return (
    <section aria-labelledby="routes-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="routes-heading" className="flex flex-wrap items-baseline gap-x-2 text-lg font-semibold">
        Routes for <span className="font-mono text-sm font-normal break-all">{account}</span>
      </h2>
      {activity.length > 0 && (
        <>
          <h3 className="font-semibold">Activity</h3>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-label="Activity" data-testid="activity">
            {activity.map((group) => {
              // An empty group draws nothing (HistoryEntry), so it needs no intent either.
              const nonce = group.routes[0]?.nonce
              return (
                <HistoryEntry
                  key={group.key}
                  group={group}
                  intent={nonce === undefined ? undefined : intents.get(nonce)}
                />
              )
            })}
          </ul>
        </>
      )}
      {drafts.length > 0 && (
        <>
          <h3 className="font-semibold">Drafts</h3>
          <p className="-mt-2 text-sm text-zinc-700 dark:text-zinc-300">
            Routes asked for and never submitted: quotes, not transfers.
          </p>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-label="Drafts" data-testid="drafts">
            {drafts.map((group) => (
              <HistoryEntry key={group.key} group={group} intent={undefined} />
            ))}
          </ul>
        </>
      )}
      {hasMore ? (
        <button
          type="button"
          className={`${buttonStyles.secondary} justify-self-center`}
          disabled={loadingMore}
          onClick={onLoadMore}
        >
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      ) : (
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          {routes === 1
            ? 'That is the only route.'
            : `All ${routes} routes are shown${groups.length < routes ? `, for ${groups.length} ${groups.length === 1 ? 'request' : 'requests'}` : ''}.`}
        </p>
      )}
    </section>
  )
}
