'use client'
// Submitting a signed route (POST /intent-operations) and following the intent it became. A 409
// (already submitted) is not a failure to the reader: the existing intent is followed instead, its
// status pushed by the service's event stream (polled when the stream fails).
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { type Hex, isAddress } from 'viem'
import { ApiError } from '@/lib/api/client/fetchApi'
import {
  alreadySubmittedId,
  fetchIntentStatus,
  type SubmittedAuthorization,
  submitSignedRoute,
} from '@/lib/api/client/intentApi'
import { followIntentStatus } from '@/lib/api/client/intentStatusStream'
import type { IntentStatusResponse } from '@/lib/api/intentOperation'
import { baselineOf } from '@/lib/ui/portfolio/balanceChanges'
import { baselineStore } from '@/lib/ui/portfolio/baselineStore'
import { portfolioRows } from '@/lib/ui/portfolio/portfolioRows'
import { portfolioQuery, wholePortfolio } from '@/lib/ui/portfolio/usePortfolioData'
import { intentPollInterval, isFinalStatus } from '@/lib/ui/route/intentTimeline'
import { type StartFollower, sharedFollowers } from '@/lib/ui/route/sharedFollowers'
import { useApiKey } from '@/lib/ui/shared/apiKey'

export type FollowedIntent = { id: string; alreadySubmitted: boolean }

/** `authorizations`: the EIP-7702 authorizations the wallet signed for the route, sent with it. */
export function useIntentSubmission(
  nonce: string,
  rawIntentOp: unknown,
  authorizations?: readonly SubmittedAuthorization[],
) {
  const { key, source } = useApiKey()
  const queryClient = useQueryClient()
  const [followed, setFollowed] = useState<FollowedIntent>()
  const mutation = useMutation({
    mutationFn: async (signatures: Hex[]) => {
      // The balances before the route, for the portfolio's "what changed" (read before anything moves).
      const before = await balancesBefore(queryClient, rawIntentOp, { key, source })
      const submitted = await submitSignedRoute({
        rawIntentOp,
        signatures,
        ...(authorizations?.length ? { authorizations } : {}),
        ...(key ? { apiKey: key } : {}),
      })
      if (before) baselineStore.set(baselineOf(before.rows, { account: before.account, nonce, takenAt: Date.now() }))
      return submitted
    },
    onSuccess: ({ result }) => {
      setFollowed({ id: result.id, alreadySubmitted: false })
      void queryClient.invalidateQueries({ queryKey: ['accountIntents'] })
    },
    onError: (error) => {
      const id = alreadySubmittedId(error, nonce)
      if (id) setFollowed({ id, alreadySubmitted: true })
    },
  })
  // A 409 is shown as "already submitted", not as an error.
  const error = mutation.error && !alreadySubmittedId(mutation.error, nonce) ? mutation.error : undefined
  return { submit: mutation.mutate, submitting: mutation.isPending, error, followed }
}

/** The sponsor's whole portfolio as cached (read once if it is not), or undefined if it cannot be read. */
async function balancesBefore(
  queryClient: QueryClient,
  rawIntentOp: unknown,
  auth: { key: string | undefined; source: string },
) {
  const sponsor = (rawIntentOp as { sponsor?: unknown } | null)?.sponsor
  if (typeof sponsor !== 'string' || !isAddress(sponsor)) return undefined
  try {
    const portfolio = await queryClient.ensureQueryData(portfolioQuery(sponsor, wholePortfolio, auth))
    return { account: sponsor, rows: portfolioRows(portfolio) }
  } catch {
    return undefined
  }
}

/** The intent's status, pushed by the service as it changes (its event stream), until it is final;
 * read every second instead (backing off after errors) once the stream fails. Nothing before there
 * is an intent. Every reader of one id shares one stream and one query. */
export function useIntentStatus(id: string | undefined) {
  const { key, source } = useApiKey()
  const queryClient = useQueryClient()
  const queryKey = useMemo(() => ['intentStatus', id, source] as const, [id, source])
  const streamKey = `${source}:${key ?? ''}:${id}`
  const streamFailed = useSyncExternalStore(
    intentStreams.subscribe,
    () => id !== undefined && intentStreams.failed(streamKey),
    () => false,
  )
  useEffect(() => {
    if (id === undefined) return
    return intentStreams.follow(
      streamKey,
      streamStatus(id, key, (status) => queryClient.setQueryData(queryKey, status)),
    )
  }, [id, key, streamKey, queryKey, queryClient])
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => {
      if (id === undefined) throw new Error('useIntentStatus: read without an intent id (the query is off then)')
      return fetchIntentStatus({ id, ...(key ? { apiKey: key } : {}), signal })
    },
    // The stream fills the query; the status is polled only once the stream failed.
    enabled: id !== undefined && streamFailed,
    retry: false,
    refetchInterval: (q) => {
      const error = q.state.error
      return intentPollInterval(
        q.state.data?.status,
        q.state.fetchFailureCount,
        error instanceof ApiError && error.failure === 'http' ? error.status : undefined,
      )
    },
    refetchIntervalInBackground: true,
  })
  const status = query.data?.status
  useEffect(() => {
    if (status !== 'COMPLETED' && status !== 'FAILED') return
    // Balances moved (or the intent ended): the portfolio and the history read again.
    if (status === 'COMPLETED') void queryClient.invalidateQueries({ queryKey: ['portfolio'] })
    void queryClient.invalidateQueries({ queryKey: ['accountIntents'] })
  }, [status, queryClient])
  return query
}

const intentStreams = sharedFollowers()

/** Streams that end this many times in a row without a new event (a service that ends them at once)
 * are given up for polling. */
const emptyStreamsBeforePolling = 3

/** Follows the intent's stream until the status is final: a stream the service ends before that (it
 * ends every stream after a while) is opened again after its last event; one that cannot be opened
 * or breaks off hands over to polling. */
function streamStatus(
  id: string,
  apiKey: string | undefined,
  onStatus: (status: IntentStatusResponse) => void,
): StartFollower {
  return (fail) => {
    const abort = new AbortController()
    const run = async () => {
      let lastEventId: string | undefined
      let final = false
      for (let empty = 0; !final; ) {
        let received = false
        await followIntentStatus({
          id,
          ...(apiKey ? { apiKey } : {}),
          ...(lastEventId ? { lastEventId } : {}),
          signal: abort.signal,
          onStatus: (status, eventId) => {
            received = true
            lastEventId = eventId ?? lastEventId
            final = isFinalStatus(status.status)
            onStatus(status)
          },
        })
        empty = received ? 0 : empty + 1
        if (!final && empty >= emptyStreamsBeforePolling) throw new Error('the status stream keeps ending empty')
      }
    }
    run().catch(() => {
      if (!abort.signal.aborted) fail()
    })
    return () => abort.abort()
  }
}
