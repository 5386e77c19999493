'use client'
// The transfer card's quote: asked for by itself once the input settles (debounced; a newer ask
// replaces an older one, whose answer is then dropped), refreshed on demand, kept on screen while a
// newer one is on its way (readable, never signable), and cleared for a New transfer.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { InspectedRoute } from '@/lib/api/client/routeApi'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { useSiweSession } from '@/lib/ui/wallet/useSiweSession'
import { autoQuoteDue, quoteDebounceMs, quoteKey } from './autoQuote'
import { describeRouteError } from './describeRouteError'
import { outdatedReason } from './outdatedReason'
import { isFinalPhase, type RoutePhase } from './routePhase'
import type { RouteRequestBody } from './routeRequestBody'
import type { RouteFormState } from './useRouteForm'
import { useRouteRequest } from './useRouteRequest'

export type ShownRoute = { inspected: InspectedRoute; variables: RouteRequestBody }

export type TransferQuoteParameters = {
  state: RouteFormState
  /** The balances answer the ask already (funds there, or more than any route draws): not quoted by itself. */
  heldBack: boolean
}

export function useTransferQuote({ state, heldBack }: TransferQuoteParameters) {
  const { form, built, setServerErrors } = state
  const { source } = useApiKey()
  const { covers } = useSiweSession()
  const request = useRouteRequest<RouteRequestBody>()
  const [phase, setPhase] = useState<RoutePhase>()
  // Until the server's schema has judged the form it is not known to pass: nothing is quoted by itself.
  const problems = Object.keys(built.errors).length + (built.checked ? 0 : 1)

  // The route on screen: the last answer, kept while a newer quote is on its way, gone after a
  // failure or a New transfer.
  const shownRef = useRef<ShownRoute | undefined>(undefined)
  if (request.data && request.variables) shownRef.current = { inspected: request.data, variables: request.variables }
  else if (!request.isPending) shownRef.current = undefined
  const shown = shownRef.current
  // Once the form says anything else than the route on screen answers (or fails its checks), that
  // route is outdated at once: nothing about it can be approved, signed or submitted.
  const changed = useMemo(
    () => outdatedReason(shown?.variables, built.body, problems),
    [shown?.variables, built.body, problems],
  )
  const replacing =
    request.isPending && shown ? 'A new quote is on its way: this one can no longer be signed.' : undefined
  const advice = useMemo(
    () => (request.error ? describeRouteError(request.error, source, tokensOf(request.variables)) : undefined),
    [request.error, request.variables, source],
  )

  // The body of the last request sent: the same ask is never quoted twice by itself.
  const lastKey = useRef<string | undefined>(undefined)
  const send = (body: RouteRequestBody) => {
    lastKey.current = quoteKey(body)
    setPhase(undefined)
    // The server's field errors stay on their fields until those fields are edited.
    request.mutate(body, {
      onError: (error) => setServerErrors(describeRouteError(error, source, tokensOf(body)).fields),
    })
  }
  const sendRef = useRef(send)
  sendRef.current = send

  const key = problems === 0 ? quoteKey(built.body) : undefined
  const answeredKey = shown ? quoteKey(shown.variables) : undefined
  const settling = phase !== undefined && phase.kind === 'submitted' && !isFinalPhase(phase)
  // With the dashboard's key, routes are only for the signed-in wallet: nothing goes out before that.
  const permitted = source !== 'app' || covers(form.account)
  // Once the key may ask (a sign-in), the ask is quoted again, whatever was refused before it.
  useEffect(() => {
    if (permitted) lastKey.current = undefined
  }, [permitted])
  useEffect(() => {
    // Back to exactly what the route on screen answers: that route is the quote again.
    if (key === answeredKey) return
    if (!autoQuoteDue({ key, lastKey: lastKey.current, heldBack, settling, permitted })) return
    const timer = setTimeout(() => sendRef.current(built.body), quoteDebounceMs)
    return () => clearTimeout(timer)
  }, [key, answeredKey, heldBack, settling, permitted, built.body])

  const { reset } = request
  const clearAsk = state.clearAsk
  const newTransfer = useCallback(() => {
    lastKey.current = undefined
    setPhase(undefined)
    reset()
    clearAsk()
  }, [reset, clearAsk])

  return {
    request,
    shown,
    outdated: changed ?? replacing,
    changed,
    advice,
    permitted,
    phase,
    setPhase,
    send,
    /** Whether this ask is already quoted or on its way (an explicit Get route then sends nothing). */
    alreadyAsked: key !== undefined && lastKey.current === key && !request.error,
    /** The route on screen again, as it was asked for. */
    refresh: () => (shown ? send(shown.variables) : request.variables !== undefined && send(request.variables)),
    newTransfer,
  }
}

const tokensOf = (body: RouteRequestBody | undefined) => body?.tokenRequests.map((t) => t.tokenAddress) ?? []
