'use client'
// The transfer card: it draws one TransferState (lib/ui/route/transferState.ts) and nothing else —
// the headline and its line, the quote while it is still true (children), the settlement in plain
// words once submitted, the outcome once final, the last step's error, and one button. On a phone
// the button sits at the bottom of the screen. The full inspector is one tap away ("Details").
import Link from 'next/link'
import type { ReactNode } from 'react'
import { buttonStyles } from '@/components/buttonStyles'
import type { TransferState } from '@/lib/ui/route/transferState'
import { formatTokenAmount, type TokenAmount } from '@/lib/ui/shared/tokenAmount'
import { TransferOutcome } from './TransferOutcome'

export type TransferCardProps = {
  state: TransferState
  /** The quote (pay, receive, fee, deadline), drawn only while state.showQuote. */
  quote?: ReactNode
  /** Extra choices for the current step (the approval's size). */
  choices?: ReactNode
  /** What the transfer delivers, for the outcome ("Received 1,000 USDC on Arbitrum One"). */
  received?: readonly TokenAmount[]
  /** The button's label while a wallet prompt or a request is under way. */
  busyLabel?: string | undefined
  onAction: () => void
  /** Where the full inspector is, when there is one on the page. */
  detailsHref?: string
  /** The route's phase (routePhase.ts), for tests and styles that follow it. */
  phase?: string
}

const tone: Record<TransferState['stage'], string> = {
  idle: 'border-zinc-200 dark:border-zinc-800',
  'nothing-to-move': 'border-emerald-300 dark:border-emerald-800',
  'cannot-settle': 'border-amber-300 dark:border-amber-800',
  quoting: 'border-indigo-200 dark:border-indigo-900',
  'quote-failed': 'border-red-300 dark:border-red-800',
  outdated: 'border-amber-300 dark:border-amber-800',
  requirement: 'border-indigo-200 dark:border-indigo-900',
  authorize: 'border-indigo-200 dark:border-indigo-900',
  sign: 'border-indigo-200 dark:border-indigo-900',
  submit: 'border-indigo-200 dark:border-indigo-900',
  settling: 'border-indigo-300 dark:border-indigo-800',
  completed: 'border-emerald-400 dark:border-emerald-700',
  failed: 'border-red-400 dark:border-red-700',
  expired: 'border-amber-400 dark:border-amber-700',
}

export function TransferCard({
  state,
  quote,
  choices,
  received,
  busyLabel,
  onAction,
  detailsHref,
  phase,
}: TransferCardProps) {
  const { action } = state
  const final = state.stage === 'completed' || state.stage === 'failed'
  return (
    <section
      aria-label="Transfer"
      className={`grid min-w-0 gap-3 rounded-xl border-2 bg-white p-4 shadow-sm dark:bg-zinc-900 ${tone[state.stage]}`}
      data-testid="route-card"
      data-stage={state.stage}
      data-phase={phase}
    >
      <div>
        <h2 className="text-lg font-semibold" data-testid="card-title">
          {state.title}
        </h2>
        <p
          aria-live="polite"
          className="text-sm text-zinc-700 wrap-anywhere dark:text-zinc-300"
          data-testid="card-detail"
        >
          {state.detail}
        </p>
      </div>
      {state.stage === 'quoting' && <QuoteSkeleton />}
      {state.showQuote && quote}
      {final && received && received.length > 0 && (
        <p className="text-base font-semibold" data-testid="card-received">
          {state.stage === 'completed' ? 'Received' : 'Not received'}{' '}
          {received.map((a) => `${formatTokenAmount(a)} on ${a.chainName}`).join(', ')}
        </p>
      )}
      {state.steps.length > 0 && (
        <ol aria-label="Transfer progress" className="grid gap-1 text-sm" data-testid="card-steps">
          {state.steps.map((s) => (
            <li key={s.key} className="flex items-center gap-2" data-state={s.state}>
              <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${dot[s.state]}`} />
              {s.label}
              <span className="sr-only">({s.state})</span>
            </li>
          ))}
        </ol>
      )}
      {state.outcome && <TransferOutcome outcome={state.outcome} />}
      {state.error && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-2 text-sm text-red-900 wrap-anywhere dark:bg-red-950/50 dark:text-red-100"
          data-testid="card-error"
        >
          {state.error}
        </p>
      )}
      {choices}
      <div className="max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-30 max-sm:border-t max-sm:border-zinc-200 max-sm:bg-white/95 max-sm:p-3 max-sm:backdrop-blur dark:max-sm:border-zinc-800 dark:max-sm:bg-zinc-900/95">
        {action && (
          <button
            type="button"
            className={`${buttonStyles.primary} w-full py-3 text-base`}
            disabled={!action.enabled || busyLabel !== undefined}
            onClick={onAction}
            data-testid="primary-action"
            data-action={action.kind}
          >
            {busyLabel ?? action.label}
          </button>
        )}
        <p className="mt-1 flex flex-wrap justify-center gap-x-4 text-sm">
          {final && (
            <Link href="/history" className="text-indigo-700 underline dark:text-indigo-300">
              History
            </Link>
          )}
          {detailsHref && (
            <a href={detailsHref} className="text-indigo-700 underline dark:text-indigo-300" data-testid="card-details">
              Details
            </a>
          )}
        </p>
      </div>
    </section>
  )
}

const dot = {
  done: 'bg-emerald-600',
  active: 'bg-indigo-600 animate-pulse',
  waiting: 'bg-zinc-300 dark:bg-zinc-600',
  failed: 'bg-red-600',
} as const

function QuoteSkeleton() {
  return (
    <div aria-hidden="true" className="grid animate-pulse gap-2" data-testid="card-skeleton">
      <div className="h-14 rounded-lg bg-zinc-100 dark:bg-zinc-800" />
      <div className="h-14 rounded-lg bg-zinc-100 dark:bg-zinc-800" />
      <div className="h-4 w-2/3 rounded bg-zinc-100 dark:bg-zinc-800" />
    </div>
  )
}
