'use client'
// A submitted intent, live: Submitted → Claimed on each source chain → Delivered on the destination
// → Completed, each step with its time and transaction (copy, and a link to the transaction page).
// A failure says why and what to do; completion links to the refreshed portfolio.
import Link from 'next/link'
import { buttonStyles } from '@/components/buttonStyles'
import { CopyButton } from '@/components/CopyButton'
import { ErrorNotice } from '@/components/ErrorNotice'
import { ApiError } from '@/lib/api/client/fetchApi'
import {
  describeIntentFailure,
  intentHeadline,
  intentTimeline,
  type RouteShape,
  type StepState,
  type TimelineStep,
} from '@/lib/ui/route/intentTimeline'
import { useIntentStatus } from '@/lib/ui/route/useIntentSubmission'
import { txLink } from '@/lib/ui/tx/txView'
import { useExplorers } from '@/lib/ui/tx/useExplorers'
import { Verdict } from './Verdict'

const dot: Record<StepState, string> = {
  done: 'bg-emerald-600 border-emerald-600',
  active: 'bg-indigo-100 border-indigo-600 animate-pulse dark:bg-indigo-950',
  waiting: 'bg-white border-zinc-400 dark:bg-zinc-900',
  failed: 'bg-red-600 border-red-600',
}

const verdict: Record<StepState, 'ok' | 'bad' | 'pending'> = {
  done: 'ok',
  failed: 'bad',
  active: 'pending',
  waiting: 'pending',
}

export function IntentTimeline({
  id,
  onRefresh,
  shape,
}: {
  id: string
  onRefresh: (() => void) | undefined
  /** How the route settles, when the page has it (intentTimeline.ts). */
  shape?: RouteShape | undefined
}) {
  const query = useIntentStatus(id)
  const intent = query.data
  const error = query.error
  const finalError =
    error instanceof ApiError &&
    error.failure === 'http' &&
    (error.status ?? 0) >= 400 &&
    (error.status ?? 0) < 500 &&
    error.status !== 429

  return (
    <div
      className="grid min-w-0 gap-4"
      data-testid="intent-timeline"
      data-intent-id={id}
      data-status={intent?.status ?? 'loading'}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        Intent <span className="font-mono break-all">{id.length > 20 ? `${id.slice(0, 10)}…${id.slice(-6)}` : id}</span>
        <CopyButton label="Copy intent id" text={() => id} className={buttonStyles.quiet} />
      </p>
      <p aria-live="polite" className="font-medium" data-testid="intent-headline">
        {intent ? intentHeadline(intent) : query.isPending && !error ? 'Reading the intent’s status…' : ''}
      </p>
      {intent && (
        <ol className="grid min-w-0 gap-0" aria-label="Settlement steps">
          {intentTimeline(intent, shape).map((step, i, all) => (
            <StepRow key={step.key} step={step} last={i === all.length - 1} />
          ))}
        </ol>
      )}
      {error && !finalError && (
        <p className="text-sm text-amber-900 dark:text-amber-200" role="status">
          The status could not be read just now ({error.message}); trying again shortly.
        </p>
      )}
      {error && finalError && (
        <ErrorNotice
          title="The intent’s status cannot be read"
          detail={`${error.message}. Reload the page, or check the API key in use.`}
        />
      )}
      {intent?.status === 'FAILED' && <FailureNotice intent={intent} onRefresh={onRefresh} />}
      {intent?.status === 'COMPLETED' && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950 dark:bg-emerald-950/40 dark:text-emerald-100">
          <p>The tokens arrived. Balances are read again.</p>
          <Link href={`/portfolio?address=${intent.userAddress}`} className={buttonStyles.secondary}>
            See the new balances in the portfolio
          </Link>
        </div>
      )}
    </div>
  )
}

const txLinkStyle =
  'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300'

function StepRow({ step, last }: { step: TimelineStep; last: boolean }) {
  const explorers = useExplorers()
  const { hash } = step
  const link = hash && step.chainId !== undefined ? txLink(step.chainId, hash, explorers) : undefined
  return (
    <li
      className="relative grid min-w-0 grid-cols-[1.25rem_minmax(0,1fr)] gap-x-3 pb-4"
      data-step={step.kind}
      data-state={step.state}
      data-testid="timeline-step"
    >
      {!last && (
        <span
          aria-hidden="true"
          className="absolute top-5 bottom-0 left-[0.5625rem] w-0.5 bg-zinc-200 dark:bg-zinc-700"
        />
      )}
      <span aria-hidden="true" className={`mt-1 h-4 w-4 rounded-full border-2 ${dot[step.state]}`} />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{step.title}</span>
          <Verdict status={verdict[step.state]}>{step.stateLabel}</Verdict>
          {step.time && (
            <time className="text-sm text-zinc-600 dark:text-zinc-400" dateTime={step.time.toISOString()}>
              {step.time.toLocaleTimeString()}
            </time>
          )}
        </p>
        {step.detail && (
          <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="step-detail">
            {step.detail}
          </p>
        )}
        {hash && step.chainId !== undefined && (
          <div className="mt-1 flex min-w-0 flex-wrap items-center gap-2 text-sm">
            <code className="min-w-0 font-mono text-xs break-all" data-testid="tx-hash">
              {hash}
            </code>
            <CopyButton label="Copy hash" text={() => hash} className={buttonStyles.quiet} />
            {link?.external ? (
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`View transaction on the explorer: ${step.title}`}
                className={txLinkStyle}
              >
                View on explorer
              </a>
            ) : (
              link && (
                <Link href={link.href} aria-label={`View transaction: ${step.title}`} className={txLinkStyle}>
                  View transaction
                </Link>
              )
            )}
          </div>
        )}
      </div>
    </li>
  )
}

function FailureNotice({
  intent,
  onRefresh,
}: {
  intent: Parameters<typeof describeIntentFailure>[0]
  onRefresh: (() => void) | undefined
}) {
  const advice = describeIntentFailure(intent)
  return (
    <ErrorNotice title={advice.title} detail={advice.detail}>
      <p>{advice.action}</p>
      {onRefresh && (
        <button type="button" className={`${buttonStyles.secondary} mt-2`} onClick={onRefresh}>
          Request a new route
        </button>
      )}
    </ErrorNotice>
  )
}
