'use client'
// A route from the history, re-opened in the inspector. An expired one cannot be signed; "Refresh
// route" posts its original request again and shows the new route in its place.
import { ErrorNotice } from '@/components/ErrorNotice'
import { RouteInspector } from '@/components/route/RouteInspector'
import { useRouteRequest } from '@/components/route/useRouteRequest'
import { useApiKey } from '@/lib/ui/apiKey'
import { describeRouteError } from '@/lib/ui/describeRouteError'
import type { HistoryRow } from '@/lib/ui/historyRows'

export function StoredRoute({ row }: { row: HistoryRow }) {
  const refresh = useRouteRequest()
  const { source } = useApiKey()
  const fresh = refresh.data
  const onRefresh = () => refresh.mutate(row.request)
  if (!row.inspected) {
    return <ErrorNotice title="This stored route can no longer be shown" detail="It was saved in a form this version of the dashboard does not read. Build the route again instead." />
  }
  const advice = refresh.error ? describeRouteError(refresh.error, source) : undefined
  return (
    <div className="grid gap-4">
      {fresh && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950 dark:bg-emerald-950/40 dark:text-emerald-100">
          A fresh route for the same request, issued just now (it is at the top of the history too).
        </p>
      )}
      {advice && <ErrorNotice title={`The route could not be refreshed: ${advice.title.toLowerCase()}`} detail={advice.detail} {...(advice.traceId ? { traceId: advice.traceId } : {})} />}
      <RouteInspector
        key={(fresh ?? row.inspected).route.intentOp?.nonce ?? 'shortfall'}
        inspected={fresh ?? row.inspected}
        onRefresh={onRefresh}
        refreshing={refresh.isPending}
        knownExpired={!fresh && row.expired}
      />
    </div>
  )
}
