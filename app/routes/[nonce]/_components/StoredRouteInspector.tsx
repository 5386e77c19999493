'use client'
// The stored route in the inspector. An expired one cannot be signed; "Refresh route" posts its
// original request again and shows the new route in its place, with a link to the new route's page.
import Link from 'next/link'
import { useMemo } from 'react'
import { ErrorNotice } from '@/components/ErrorNotice'
import { RouteInspector } from '@/components/route/RouteInspector'
import { ShortfallNotice } from '@/components/route/ShortfallNotice'
import { inspectStoredRoute } from '@/lib/api/client/inspectedRoute'
import { storedRoutePagePath } from '@/lib/api/client/storedRouteApi'
import type { StoredRouteResponse } from '@/lib/api/routeHistory'
import { describeRouteError } from '@/lib/ui/route/describeRouteError'
import { useRouteRequest } from '@/lib/ui/route/useRouteRequest'
import { useApiKey } from '@/lib/ui/shared/apiKey'

export function StoredRouteInspector({ stored, account }: { stored: StoredRouteResponse; account: string }) {
  const refresh = useRouteRequest()
  const { source } = useApiKey()
  const inspected = useMemo(() => inspectStoredRoute(stored.route), [stored.route])
  const fresh = refresh.data
  if (!inspected) {
    return (
      <ErrorNotice
        title="This stored route can no longer be shown"
        detail="It was saved in a form this version of the dashboard does not read. Build the route again instead."
      />
    )
  }
  const refused = refresh.error ? describeRouteError(refresh.error, source) : undefined
  // A request the account can no longer cover shows what is missing, as the builder does.
  const shortfall = refused?.shortfall
  const advice = shortfall ? undefined : refused
  const freshNonce = fresh?.route.intentOp?.nonce
  return (
    <div className="grid min-w-0 gap-4">
      {fresh && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950 dark:bg-emerald-950/40 dark:text-emerald-100"
        >
          A fresh route for the same request, issued just now (it is at the top of the history too).
          {freshNonce && (
            <>
              {' '}
              <Link
                href={storedRoutePagePath(freshNonce, account)}
                className="font-medium underline underline-offset-2"
              >
                Open its own page
              </Link>
            </>
          )}
        </p>
      )}
      {shortfall && <ShortfallNotice cost={shortfall} />}
      {advice && (
        <ErrorNotice
          title={`The route could not be refreshed: ${advice.title.toLowerCase()}`}
          detail={advice.detail}
          {...(advice.traceId ? { traceId: advice.traceId } : {})}
        />
      )}
      <RouteInspector
        key={(fresh ?? inspected).route.intentOp?.nonce ?? 'shortfall'}
        inspected={fresh ?? inspected}
        onRefresh={() => refresh.mutate(stored.request)}
        refreshing={refresh.isPending}
        knownExpired={!fresh && stored.expired}
        // A submitted route is tracked (the Settlement section above), never signed again.
        submittedIntentId={!fresh && stored.intentStatus !== null ? stored.nonce : undefined}
      />
    </div>
  )
}
