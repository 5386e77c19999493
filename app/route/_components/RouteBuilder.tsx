'use client'
// The transfer: a compact form (destination, token, amount, recipient) that quotes by itself once
// the input settles (useTransferQuote), the transfer card beside it (its one state and one button),
// and everything else one tap away — account kind, sources, funds, calls, options and the request
// itself in Advanced; the full inspector below the form ("Details" on the card).
import { type FormEvent, useEffect, useMemo, useRef } from 'react'
import { buttonStyles } from '@/components/buttonStyles'
import { ActionSlot, ActionSlotProvider } from '@/components/route/ActionSlot'
import { SignInNotice } from '@/components/SignInNotice'
import { useAccountChoice } from '@/lib/ui/accounts/useAccountChoice'
import { alternativeViews, withoutSourceChoice } from '@/lib/ui/route/routeAlternatives'
import type { RouteForm } from '@/lib/ui/route/routeForm'
import type { SettleAlternative } from '@/lib/ui/route/settleableAsk'
import { useAmountVerdict } from '@/lib/ui/route/useAmountVerdict'
import { useAskRefusal, withAlternative } from '@/lib/ui/route/useAskRefusal'
import { useRouteForm } from '@/lib/ui/route/useRouteForm'
import { useSettlementEta } from '@/lib/ui/route/useSettlementTimes'
import { useTransferQuote } from '@/lib/ui/route/useTransferQuote'
import { AdvancedFields } from './AdvancedFields'
import { DestinationFields } from './DestinationFields'
import { QuoteCard } from './QuoteCard'
import { RecipientField } from './RecipientField'
import { RouteAlternatives } from './RouteAlternatives'
import { RouteOutcome } from './RouteOutcome'

const sourceFields = [
  'accountAccessList.chainIds',
  'accountAccessList.tokens',
  'options.settlementLayers',
  'options.fundingMethod',
]

export function RouteBuilder() {
  const state = useRouteForm()
  const { form, built, submitted, setSubmitted, serverErrors, setServerErrors } = state
  const formRef = useRef<HTMLFormElement>(null)
  const problems = Object.keys(built.errors).length
  // Funds already there, or more than any route can draw: said on the card, never quoted by itself.
  const verdict = useAmountVerdict(form)
  // What the service would refuse (a token, an account kind): said before any quote, never quoted by itself.
  const { refusal, pending: judging } = useAskRefusal(form, state.wallet)
  const accountChoice = useAccountChoice(state)
  const quote = useTransferQuote({ state, heldBack: verdict !== undefined || refusal !== undefined || judging })
  const { request, shown, advice } = quote
  const openGroup = (prefix: string) =>
    Object.keys({ ...(submitted ? built.errors : {}), ...serverErrors }).some((k) => k.startsWith(prefix))

  // Choosing another route changes the form to that choice; the quote follows by itself.
  const choose = (change: (f: RouteForm) => RouteForm) => state.update(sourceFields, change)
  const eta = useSettlementEta(Number(shown?.variables.destinationChainId))
  const alternatives = useMemo(
    () => alternativeViews(shown?.inspected.route.alternatives, eta.seconds),
    [shown?.inspected, eta.seconds],
  )
  const restricted =
    form.access.chainIds.length > 0 ||
    form.access.tokens.length > 0 ||
    form.settlementLayers.length > 0 ||
    form.funding !== ''

  // A click before the server's schema has loaded (the page's first moments) is answered once it has.
  const submitWhenChecked = useRef(false)
  useEffect(() => {
    if (!built.checked || !submitWhenChecked.current) return
    submitWhenChecked.current = false
    formRef.current?.requestSubmit()
  }, [built.checked])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!built.checked) {
      submitWhenChecked.current = true
      return
    }
    setServerErrors({})
    // Untouched fields are judged only on a failed attempt: a row added after a good one starts clean.
    setSubmitted(problems > 0)
    if (problems > 0) {
      // Let the marks render, then take the reader to the first one.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    // The ask already quoted (or on its way) is not asked again: the card has it.
    if (!quote.alreadyAsked) quote.send(built.body)
  }
  // The alternative to more than any route can draw: the most it can deliver (the API's max form).
  const sendMost = () =>
    state.update(['tokenRequests.0.amount'], (f) => ({
      ...f,
      tokenRequests: f.tokenRequests.map((r, i) => (i === 0 ? { ...r, max: true } : r)),
    }))
  // The one-click alternative to what the service would refuse: the quote follows by itself.
  const takeAlternative = (alternative: SettleAlternative) => {
    if (alternative.kind === 'account') return void accountChoice.choose(alternative.choice)
    const fields =
      alternative.kind === 'token'
        ? ['tokenRequests.0.tokenAddress']
        : alternative.kind === 'any-funds'
          ? ['options.fundingMethod']
          : ['destinationExecutions']
    state.update(fields, (f) => withAlternative(f, alternative))
  }
  const retry = () => (quote.changed ? formRef.current?.requestSubmit() : quote.refresh())
  const route = shown?.inspected.route.intentOp ? shown.inspected : undefined

  return (
    <ActionSlotProvider>
      <div className={`mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 ${route ? 'max-sm:pb-28' : ''}`}>
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
            <RecipientField state={state} />
            <AdvancedFields state={state} openGroup={openGroup} />
            <div className="flex flex-wrap items-center gap-3">
              <button type="submit" className={buttonStyles.secondary} disabled={request.isPending}>
                {request.isPending ? 'Finding a route…' : 'Get route'}
              </button>
              <p role="status" className="text-sm text-red-700 dark:text-red-300">
                {submitted && problems > 0
                  ? `Fix the ${problems} marked ${problems === 1 ? 'field' : 'fields'}: nothing was sent.`
                  : ''}
              </p>
            </div>
          </form>
          {/* Beside the form and in view while it scrolls: the card, then the other routes. */}
          <div className="grid min-w-0 content-start gap-4 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
            <ActionSlot className="empty:hidden" />
            {!route && (
              <QuoteCard
                pending={request.isPending}
                advice={advice}
                verdict={verdict}
                onSendMost={sendMost}
                refusal={refusal}
                refusalStatus={accountChoice.status}
                onAlternative={takeAlternative}
                problems={problems}
                permitted={quote.permitted}
                onRetry={retry}
              />
            )}
            {route && quote.phase?.kind !== 'submitted' && (
              <RouteAlternatives
                alternatives={alternatives}
                restricted={restricted}
                busy={request.isPending}
                onChoose={(a) => choose(a.apply)}
                onAnySource={() => choose(withoutSourceChoice)}
              />
            )}
          </div>

          <section
            aria-labelledby="route-heading"
            className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 lg:col-start-1 lg:row-start-2"
          >
            <h2 id="route-heading" tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none">
              Route
            </h2>
            <RouteOutcome
              pending={request.isPending}
              advice={advice}
              inspected={shown?.inspected}
              outdated={quote.outdated}
              onRetry={retry}
              onNewTransfer={quote.newTransfer}
              onPhase={quote.setPhase}
            />
          </section>
        </div>
      </div>
    </ActionSlotProvider>
  )
}
