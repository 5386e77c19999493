'use client'
// The route builder: the request form, the request as it will be sent, and the answer in the
// inspector. Nothing is sent while a field is invalid; the server's own field errors come back to
// the same fields.
import { type FormEvent, useEffect, useMemo, useRef } from 'react'
import { buttonStyles } from '@/components/buttonStyles'
import { AccountPicker } from '@/components/route/AccountPicker'
import { ActionSlot, ActionSlotProvider } from '@/components/route/ActionSlot'
import { SignInNotice } from '@/components/SignInNotice'
import { describeRouteError } from '@/lib/ui/route/describeRouteError'
import { outdatedReason } from '@/lib/ui/route/outdatedReason'
import { alternativeViews, withoutSourceChoice } from '@/lib/ui/route/routeAlternatives'
import type { RouteForm } from '@/lib/ui/route/routeForm'
import type { RouteRequestBody } from '@/lib/ui/route/routeRequestBody'
import { useRouteForm } from '@/lib/ui/route/useRouteForm'
import { useRouteRequest } from '@/lib/ui/route/useRouteRequest'
import { useSettlementEta } from '@/lib/ui/route/useSettlementTimes'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { AccountFields } from './AccountFields'
import { DestinationFields } from './DestinationFields'
import { Disclosure } from './Disclosure'
import { ExecutionFields } from './ExecutionFields'
import { FromFields } from './FromFields'
import { OptionFields } from './OptionFields'
import { RequestPreview } from './RequestPreview'
import { RouteAlternatives } from './RouteAlternatives'
import { RouteOutcome } from './RouteOutcome'
import { SourceFields } from './SourceFields'

export function RouteBuilder() {
  const state = useRouteForm()
  const { form, built, submitted, setSubmitted, serverErrors, setServerErrors } = state
  const { source } = useApiKey()
  const request = useRouteRequest<RouteRequestBody>()
  const formRef = useRef<HTMLFormElement>(null)
  const resultRef = useRef<HTMLHeadingElement>(null)
  const problems = Object.keys(built.errors).length
  // The route on screen answers request.variables; once the form says anything else (or fails its
  // checks) the route is outdated at once and nothing about it can be approved, signed or submitted.
  const outdated = useMemo(() => outdatedReason(request.data ? request.variables : undefined, built.body, problems), [request.data, request.variables, built.body, problems])
  const advice = useMemo(() => (request.error ? describeRouteError(request.error, source, tokensOf(request.variables)) : undefined), [request.error, request.variables, source])
  const openGroup = (prefix: string) => Object.keys({ ...(submitted ? built.errors : {}), ...serverErrors }).some((k) => k.startsWith(prefix))

  const send = (body: RouteRequestBody) =>
    request.mutate(body, {
      // The reader's next step: the route card's button when there is one, else the answer.
      onSuccess: () => requestAnimationFrame(() => (document.querySelector<HTMLElement>('[data-testid="primary-action"]') ?? resultRef.current)?.focus()),
      // The server's field errors stay on their fields until those fields are edited.
      onError: (error) => setServerErrors(describeRouteError(error, source, tokensOf(body)).fields),
    })
  // Choosing another route changes the form to that choice, then asks for it once the form has it.
  const requote = useRef(false)
  const choose = (change: (f: RouteForm) => RouteForm) => {
    requote.current = true
    state.update(['accountAccessList.chainIds', 'accountAccessList.tokens', 'options.settlementLayers', 'options.fundingMethod'], change)
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per form change; send is a fresh closure each render
  useEffect(() => {
    if (!requote.current) return
    requote.current = false
    if (problems === 0) send(built.body)
  }, [built.body, problems])
  const eta = useSettlementEta(Number(request.variables?.destinationChainId))
  const alternatives = useMemo(() => alternativeViews(request.data?.route.alternatives, eta.seconds), [request.data, eta.seconds])
  const restricted = form.access.chainIds.length > 0 || form.access.tokens.length > 0 || form.settlementLayers.length > 0 || form.funding !== ''

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setServerErrors({})
    // Untouched fields are judged only on a failed attempt: a row added after a good one starts clean.
    setSubmitted(problems > 0)
    if (problems > 0) {
      // Let the marks render, then take the reader to the first one.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    send(built.body)
  }

  return (
    <ActionSlotProvider>
      <div className={`mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 ${request.data?.route.intentOp ? 'max-sm:pb-28' : ''}`}>
        <SignInNotice account={form.account || undefined} task="build routes" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
          <form
            ref={formRef}
            onSubmit={submit}
            noValidate
            aria-label="Route request"
            className="grid min-w-0 content-start gap-4 rounded-xl border border-zinc-200 bg-white p-4 sm:p-5 lg:col-start-1 lg:row-start-1 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <DestinationFields state={state} />
            <AccountPicker state={state} />
            <FromFields state={state} />
            <AccountFields state={state} />
            <Disclosure
              title="Calls on arrival"
              summary={form.executions.length ? `${form.executions.length} call${form.executions.length === 1 ? '' : 's'}` : 'none'}
              forceOpen={openGroup('destinationExecutions') || openGroup('destinationGasUnits')}
            >
              <ExecutionFields state={state} />
            </Disclosure>
            <Disclosure title="Which funds to use" summary={accessSummary(form.access)} forceOpen={openGroup('accountAccessList')}>
              <SourceFields state={state} />
            </Disclosure>
            <Disclosure title="Options" summary={form.settlementLayers.length ? form.settlementLayers.join(', ') : 'any layer'} forceOpen={openGroup('options')}>
              <OptionFields state={state} />
            </Disclosure>
            <div className="flex flex-wrap items-center gap-3">
              <button type="submit" className={buttonStyles.primary} disabled={request.isPending}>
                {request.isPending ? 'Finding a route…' : 'Get route'}
              </button>
              <p role="status" className="text-sm text-red-700 dark:text-red-300">
                {submitted && problems > 0 ? `Fix the ${problems} marked ${problems === 1 ? 'field' : 'fields'}: nothing was sent.` : ''}
              </p>
            </div>
          </form>
          {/* Beside the form and the route, in view while either scrolls: the route card (ActionCard)
              once there is a route, then the request as it is sent. */}
          <div className="grid min-w-0 content-start gap-4 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
            <ActionSlot className="empty:hidden" />
            {request.data?.route.intentOp && (
              <RouteAlternatives alternatives={alternatives} restricted={restricted} busy={request.isPending} onChoose={(a) => choose(a.apply)} onAnySource={() => choose(withoutSourceChoice)} />
            )}
            <RequestPreview built={built} />
          </div>

          <section aria-labelledby="route-heading" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 lg:col-start-1 lg:row-start-2">
            <h2 id="route-heading" ref={resultRef} tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none">
              Route
            </h2>
            <RouteOutcome
              pending={request.isPending}
              advice={advice}
              inspected={request.data}
              outdated={outdated}
              // A re-quote asks for what the form says now; while the form is unchanged that is the same request.
              onRetry={() => (outdated ? formRef.current?.requestSubmit() : request.variables !== undefined && send(request.variables))}
            />
          </section>
        </div>
      </div>
    </ActionSlotProvider>
  )
}

const tokensOf = (body: RouteRequestBody | undefined) => body?.tokenRequests.map((t) => t.tokenAddress) ?? []

function accessSummary(access: { chainIds: number[]; tokens: string[]; excludeChainIds: number[]; excludeTokens: string[] }): string {
  const n = access.chainIds.length + access.tokens.length + access.excludeChainIds.length + access.excludeTokens.length
  return n === 0 ? 'all chains and tokens' : `${n} rule${n === 1 ? '' : 's'}`
}
