'use client'
// One request in the list: its newest route (what it delivers where, from which chains, for what
// fee, how far it got) with a link to that route's page; a request asked several times lists every
// route it got under "Show all".
import Link from 'next/link'
import { useId, useState } from 'react'
import { buttonStyles } from '@/components/buttonStyles'
import { ExpiryCountdown } from '@/components/route/ExpiryCountdown'
import { RouteStatusBadge } from '@/components/route/RouteStatusBadge'
import type { IntentStatusResponse } from '@/lib/api/intentOperation'
import { formatDuration, type HistoryGroup, type HistoryRoute } from '@/lib/ui/history/historyRows'
import { failedOutcome, plainFailureReason } from '@/lib/ui/route/transferOutcome'
import { formatDateTime } from '@/lib/ui/shared/formatDateTime'
import { txLink } from '@/lib/ui/tx/txView'
import { useExplorers } from '@/lib/ui/tx/useExplorers'

export function HistoryEntry({ group, intent }: { group: HistoryGroup; intent: IntentStatusResponse | undefined }) {
  const explorers = useExplorers()
  const [open, setOpen] = useState(false)
  const listId = useId()
  const latest = group.routes[0]
  const times = group.routes.length
  // A group always holds its newest route; an empty one draws nothing.
  if (!latest) return null
  return (
    <li
      className="min-w-0 rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
      data-nonce={latest.nonce}
      data-request-key={group.requestKey}
      data-expired={latest.expired}
    >
      <div className="flex flex-wrap items-center justify-between gap-3 p-4">
        <div className="min-w-0">
          <h3 className="font-semibold">
            {latest.delivers ?? 'A route'} to {latest.destination}
          </h3>
          {latest.recipient && (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              Delivered to <span className="font-mono break-all">{latest.recipient}</span>, not this account
            </p>
          )}
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {[latest.sources && `From ${latest.sources}`, latest.fee && `fee ${latest.fee}`, latest.scheme]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {intent?.status === 'COMPLETED' && (
            <p className="text-sm text-emerald-800 dark:text-emerald-300" data-testid="received">
              Received {latest.delivers} on {latest.destination}
              {intent.submittedAt && ` in ${formatDuration(intent.submittedAt, intent.updatedAt)}`}
              {intent.fillTransactionHash && (
                <>
                  {' · '}
                  <Link
                    href={txLink(intent.destinationChainId, intent.fillTransactionHash, explorers).href}
                    className="underline underline-offset-2"
                  >
                    delivery<span className="sr-only"> transaction on {latest.destination}</span>
                  </Link>
                </>
              )}
            </p>
          )}
          {intent?.status === 'FAILED' && <FailureLine intent={intent} />}
          {/* Rendered by the server in its time zone, then by the browser in the reader's. */}
          <p className="text-sm text-zinc-700 dark:text-zinc-300" suppressHydrationWarning>
            Issued {formatDateTime(latest.createdAt)}
            {times > 1 && (
              <>
                {' · '}
                <span data-testid="request-count">requested {times} times</span>
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <RouteStatusBadge status={latest.status} label={latest.statusLabel} />
          {latest.status === 'BUILT' && <ExpiryCountdown deadline={latest.signBy} />}
          {times > 1 && (
            <button
              type="button"
              className={buttonStyles.secondary}
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Hide' : `Show all ${times}`}
              <span className="sr-only"> routes for this request</span>
            </button>
          )}
          <Link href={latest.href} className={buttonStyles.primary}>
            Open
            <span className="sr-only" suppressHydrationWarning>
              {' '}
              the route issued {formatDateTime(latest.createdAt)}
            </span>
          </Link>
        </div>
      </div>
      {times > 1 && (
        <ol
          id={listId}
          hidden={!open}
          aria-label="Every route for this request"
          className="grid gap-2 border-t border-zinc-200 bg-zinc-50 p-3 sm:p-4 dark:border-zinc-800 dark:bg-zinc-950/60"
        >
          {open && group.routes.map((r) => <RouteLine key={r.nonce} route={r} />)}
        </ol>
      )}
    </li>
  )
}

/** Why it failed, in the card's words, and what happened to the funds. */
function FailureLine({ intent }: { intent: IntentStatusResponse }) {
  return (
    <p className="text-sm text-red-800 dark:text-red-300" data-testid="failure">
      {plainFailureReason(intent.failureReason, intent.expired)} {failedOutcome(intent).funds}
    </p>
  )
}

function RouteLine({ route }: { route: HistoryRoute }) {
  return (
    <li className="flex min-w-0 flex-wrap items-center justify-between gap-2 text-sm" data-nonce={route.nonce}>
      <Link href={route.href} className="underline underline-offset-2" suppressHydrationWarning>
        Issued {formatDateTime(route.createdAt)}
      </Link>
      <span className="font-mono break-all text-zinc-600 dark:text-zinc-400">
        nonce {route.nonce.slice(0, 10)}…{route.nonce.slice(-6)}
      </span>
      <RouteStatusBadge status={route.status} label={route.statusLabel} />
    </li>
  )
}
