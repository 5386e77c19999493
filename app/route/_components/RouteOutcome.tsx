'use client'
// What came back for the request: nothing yet, a wait (bounded by fetchApi's timeout), an error
// with the one thing that helps, a shortfall, or the route in the inspector.
import dynamic from 'next/dynamic'
import { useEffect } from 'react'
import { ApiErrorNotice } from '@/components/ApiErrorNotice'
import { ShortfallNotice } from '@/components/route/ShortfallNotice'
import type { InspectedRoute } from '@/lib/api/client/routeApi'
import type { RouteErrorAdvice } from '@/lib/ui/route/describeRouteError'
import { marksFormField } from '@/lib/ui/route/formFields'
import type { RoutePhase } from '@/lib/ui/route/routePhase'

// The inspector (signing, submitting, the timeline) is only drawn once a route is back: its code
// loads then, not with the form the page opens with; a request on its way fetches it meanwhile.
const loadInspector = () => import('@/components/route/RouteInspector')
const RouteInspector = dynamic(() => loadInspector().then((m) => m.RouteInspector), {
  loading: () => (
    <p role="status" className="rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
      Opening the route…
    </p>
  ),
})

export type RouteOutcomeProps = {
  pending: boolean
  advice: RouteErrorAdvice | undefined
  inspected: InspectedRoute | undefined
  /** Why the route shown no longer answers the form (RouteBuilder); it stays readable, not signable. */
  outdated: string | undefined
  onRetry: () => void
  onNewTransfer: () => void
  onPhase: (phase: RoutePhase) => void
}

export function RouteOutcome({
  pending,
  advice,
  inspected,
  outdated,
  onRetry,
  onNewTransfer,
  onPhase,
}: RouteOutcomeProps) {
  useEffect(() => {
    if (pending) void loadInspector()
  }, [pending])
  if (pending && !inspected) {
    return (
      <div
        role="status"
        className="rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <p className="font-medium">Finding a route…</p>
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          The service reads balances, allowances, gas prices and quotes on every chain, then plans and signs the route.
        </p>
        <div aria-hidden="true" className="mt-4 grid animate-pulse gap-3">
          <div className="h-4 w-2/3 rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-4 w-1/2 rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-24 rounded bg-zinc-200 dark:bg-zinc-800" />
        </div>
      </div>
    )
  }
  // The account cannot cover the request (422 Insufficient balance): the shortfall is the answer.
  if (advice?.shortfall) return <ShortfallNotice cost={advice.shortfall} />
  if (advice) {
    return (
      <ApiErrorNotice advice={advice} onRetry={onRetry}>
        {advice.action === 'fix-fields' && marksFormField(advice.fields) && (
          <p>The fields concerned are marked in the form above.</p>
        )}
      </ApiErrorNotice>
    )
  }
  if (!inspected) {
    return (
      <div className="rounded-xl border border-dashed border-zinc-300 bg-white p-6 text-center text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
        Choose where, what and how much: the quote appears on the card by itself, and every detail of it here, before
        anything is signed.
      </div>
    )
  }
  return (
    <RouteInspector
      key={inspected.route.intentOp?.nonce ?? 'shortfall'}
      inspected={inspected}
      onRefresh={onRetry}
      refreshing={pending}
      outdated={outdated}
      onNewTransfer={onNewTransfer}
      onPhase={onPhase}
      autoRefresh
    />
  )
}
