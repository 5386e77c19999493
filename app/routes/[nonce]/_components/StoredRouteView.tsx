'use client'
// A stored route read in full on demand: what it is and how far it got, the settlement timeline
// once submitted, and the route in the inspector (signable while it lasts, refreshable after).
import { useMemo } from 'react'
import { isAddress } from 'viem'
import { ApiErrorNotice } from '@/components/ApiErrorNotice'
import { CopyButton } from '@/components/CopyButton'
import { Address, DataList } from '@/components/DataList'
import { ErrorNotice } from '@/components/ErrorNotice'
import { IntentTimeline } from '@/components/route/IntentTimeline'
import { RouteStatusBadge } from '@/components/route/RouteStatusBadge'
import { Section } from '@/components/Section'
import { SignInNotice } from '@/components/SignInNotice'
import { ApiError } from '@/lib/api/client/fetchApi'
import { inspectStoredRoute } from '@/lib/api/client/inspectedRoute'
import type { StoredRouteResponse } from '@/lib/api/routeHistory'
import { routeStatusLabel } from '@/lib/ui/history/historyRows'
import { routeShape } from '@/lib/ui/route/intentTimeline'
import { useRouteAccount } from '@/lib/ui/route/useRouteAccount'
import { useStoredRoute } from '@/lib/ui/route/useStoredRoute'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { describeApiError } from '@/lib/ui/shared/describeApiError'
import { formatDateTime } from '@/lib/ui/shared/formatDateTime'
import { chainName } from '@/lib/ui/shared/tokenAmount'
import { useSiweSession } from '@/lib/ui/wallet/useSiweSession'
import { StoredRouteInspector } from './StoredRouteInspector'

const card =
  'rounded-xl border border-dashed border-zinc-300 bg-white p-6 text-center text-zinc-700 wrap-anywhere dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300'

export function StoredRouteView({ nonce }: { nonce: string }) {
  const account = useRouteAccount()
  const { source } = useApiKey()
  const { covers } = useSiweSession()
  // The dashboard's key reads only the signed-in wallet's routes (a malformed address still goes: its 400 names the field).
  const readable =
    source !== 'app' || covers(account) || (account !== undefined && !isAddress(account, { strict: false }))
  const stored = useStoredRoute(nonce, readable ? account : undefined)

  return (
    <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6">
      <SignInNotice account={account} task="open this route" />
      {account === undefined ? (
        <p className={card}>
          This link names no account: connect the wallet the route was issued for with the button at the top of the
          page.
        </p>
      ) : !readable ? null : stored.data ? (
        <Found stored={stored.data} account={account} />
      ) : stored.error ? (
        <LoadError error={stored.error} nonce={nonce} account={account} onRetry={() => void stored.refetch()} />
      ) : (
        <p
          role="status"
          className="rounded-xl border border-zinc-200 bg-white p-5 wrap-anywhere dark:border-zinc-800 dark:bg-zinc-900"
        >
          Reading route {nonce}…
        </p>
      )}
    </div>
  )
}

function Found({ stored, account }: { stored: StoredRouteResponse; account: string }) {
  const submitted = stored.intentStatus !== null
  const shape = useMemo(() => {
    const elements = inspectStoredRoute(stored.route)?.route.intentOp?.elements
    return elements ? routeShape(elements) : undefined
  }, [stored.route])
  return (
    <>
      <Section
        title="Overview"
        actions={<CopyButton label="Copy link to this route" text={() => window.location.href} />}
        description="This page’s address opens the same route again, for whoever may read this account’s routes."
      >
        <DataList
          items={[
            {
              label: 'Status',
              value: (
                <RouteStatusBadge status={stored.status} label={routeStatusLabel(stored.status, stored.intentStatus)} />
              ),
            },
            { label: 'Account', value: <Address value={account} /> },
            { label: 'Destination', value: chainName(stored.destinationChainId) },
            { label: 'Issued', value: formatDateTime(new Date(stored.createdAt)) },
            { label: 'Nonce', value: <span className="font-mono break-all">{stored.nonce}</span> },
          ]}
        />
      </Section>
      {submitted && (
        <Section title="Settlement" description="The intent this route became when it was signed and submitted.">
          <IntentTimeline id={stored.nonce} onRefresh={undefined} shape={shape} />
        </Section>
      )}
      <StoredRouteInspector stored={stored} account={account} />
    </>
  )
}

function LoadError({
  error,
  nonce,
  account,
  onRetry,
}: {
  error: unknown
  nonce: string
  account: string
  onRetry: () => void
}) {
  const { source } = useApiKey()
  if (error instanceof ApiError && error.status === 404) {
    return (
      <ErrorNotice
        title="No such route for this account"
        detail={`No route ${nonce} was issued for ${account} to the key in use. Check the link, or open the route history.`}
      />
    )
  }
  const field = error instanceof ApiError ? error.envelope?.errors[0]?.context?.field : undefined
  if (error instanceof ApiError && error.status === 400 && field === 'nonce') {
    return <ErrorNotice title="This link names no route" detail={error.message} />
  }
  return (
    <ApiErrorNotice
      advice={describeApiError(error, source, { task: 'read route history', chainHint: '' })}
      onRetry={onRetry}
    />
  )
}
