'use client'
// The route's transfer card: gathers what the route, the wallet and the intent say into one
// TransferState (lib/ui/route/transferState.ts) and runs its one button — each open approval or
// wrap, the EIP-7702 authorizations, Sign, Submit — in place. After a requirement's receipt the
// route is re-quoted by itself. The card itself (TransferCard) draws only that state.
import { useEffect, useRef, useState } from 'react'
import type { Hex } from 'viem'
import type { IntentStatusResponse } from '@/lib/api/intentOperation'
import type { AuthorizationSigning } from '@/lib/ui/accounts/useAuthorizationSigning'
import { refreshesItself, refreshInMs } from '@/lib/ui/route/autoQuote'
import {
  approvalHeadroom,
  formatRequirementsGas,
  type RequirementStep,
  requirementsGasWei,
} from '@/lib/ui/route/requirementSteps'
import type { RoutePhase } from '@/lib/ui/route/routePhase'
import { formatUsdNumber, type RouteSummary } from '@/lib/ui/route/routeSummary'
import { formatEta } from '@/lib/ui/route/settlementEta'
import type { TransferFacts } from '@/lib/ui/route/transferFacts'
import { transferState } from '@/lib/ui/route/transferState'
import type { RouteSigning } from '@/lib/ui/route/useRouteSigning'
import { useSettlementEta } from '@/lib/ui/route/useSettlementTimes'
import { formatAmount } from '@/lib/ui/shared/formatAmount'
import { formatTokenAmount } from '@/lib/ui/shared/tokenAmount'
import { type TransactionState, useWalletTransaction } from '@/lib/ui/wallet/useWalletTransaction'
import { AmountsPanel } from './AmountsPanel'
import { CardDeadline } from './CardDeadline'
import { TransferCard } from './TransferCard'

export type ActionCardProps = {
  summary: RouteSummary
  /** Who pays and with which funds, as the quote says (transferFacts.ts). */
  facts: TransferFacts
  phase: RoutePhase
  requirements: readonly RequirementStep[]
  gasPrices: Record<string, string>
  ethUsd: number | undefined
  unlimited: boolean
  onUnlimited: (unlimited: boolean) => void
  signing: RouteSigning
  authorizations: AuthorizationSigning
  submit: () => void
  submitting: boolean
  /** The submission's failure in words, and whether the service refused the route itself. */
  submitError: { message: string; refused: boolean } | undefined
  signatures: Hex[] | undefined
  intent: IntentStatusResponse | undefined
  walletBlocker: string | undefined
  onRefresh: (() => void) | undefined
  refreshing: boolean
  /** Clears the builder for another transfer; absent where there is no builder (a link to it then). */
  onNewTransfer: (() => void) | undefined
  /** Re-quote by itself shortly before the deadline while nothing is signed (the builder). */
  autoRefresh: boolean
}

export function ActionCard(p: ActionCardProps) {
  const { summary, phase, requirements } = p
  const tx = useWalletTransaction()
  const busy =
    tx.state.stage === 'switching' ||
    tx.state.stage === 'confirming' ||
    tx.state.stage === 'pending' ||
    p.signing.run.active !== undefined ||
    p.authorizations.busy ||
    p.submitting
  // A requirement's receipt: the route is asked for again, and the new one no longer lists it.
  const refreshed = useRef(false)
  const onRefresh = p.onRefresh
  useEffect(() => {
    if (tx.state.stage === 'done' && !refreshed.current && onRefresh) {
      refreshed.current = true
      onRefresh()
    }
  }, [tx.state.stage, onRefresh])

  const state = transferState({
    phase,
    quoting: p.refreshing,
    requirements,
    authorizations: {
      needed: p.authorizations.requests.length,
      signed: p.authorizations.done,
      failure: p.authorizations.failure,
    },
    walletBlocker: p.walletBlocker,
    busy,
    stepError: stepError(tx.state, p.signing),
    submitError: p.submitError?.message,
    submitRefused: p.submitError?.refused ?? false,
    intent: p.intent,
    canRequote: onRefresh !== undefined,
  })
  const action = state.action
  // Before the deadline, a quote nothing was signed for yet is asked for again by itself — unless it
  // arrived already that close to it (autoQuote.ts). A timer that fires early (the clock was set
  // back) waits again.
  const [arrivedMs] = useState(() => Date.now())
  const [wake, setWake] = useState(0)
  const unsigned = state.stage === 'requirement' || state.stage === 'authorize' || state.stage === 'sign'
  const due =
    p.autoRefresh && unsigned && !busy && onRefresh !== undefined && refreshesItself(summary.signBy, arrivedMs)
  // biome-ignore lint/correctness/useExhaustiveDependencies: wake re-arms the timer after an early fire
  useEffect(() => {
    if (!due || !onRefresh) return
    const fire = () => (refreshInMs(summary.signBy, Date.now()) === 0 ? onRefresh() : setWake((n) => n + 1))
    const timer = setTimeout(fire, refreshInMs(summary.signBy, Date.now()))
    return () => clearTimeout(timer)
  }, [due, onRefresh, summary.signBy, wake])
  const run = () => {
    switch (action?.kind) {
      case 'requirement':
        return requirements[0] && void tx.run(requirements[0].tx)
      case 'authorize':
        return void p.authorizations.sign()
      case 'sign':
        return void p.signing.signAll()
      case 'submit':
        return p.signatures && p.submit()
      case 'requote':
        return onRefresh?.()
      case 'new-transfer':
        return p.onNewTransfer ? p.onNewTransfer() : window.location.assign('/route')
    }
  }
  const approval = requirements.find((r) => r.kind === 'approval')

  return (
    <TransferCard
      state={state}
      phase={phase.kind}
      quote={<Quote {...p} />}
      received={summary.receive}
      busyLabel={busyLabel(tx.state, p)}
      onAction={run}
      detailsHref="#route-heading"
      choices={
        approval &&
        state.stage === 'requirement' && (
          <fieldset className="grid gap-1 text-sm">
            <legend className="text-zinc-600 dark:text-zinc-400">Approval</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="approval-size" checked={!p.unlimited} onChange={() => p.onUnlimited(false)} />
              Exactly{' '}
              {formatTokenAmount({
                ...approval.amount,
                amount: approval.amount.amount + approvalHeadroom(approval.amount.amount),
              })}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="approval-size" checked={p.unlimited} onChange={() => p.onUnlimited(true)} />
              Unlimited (no approval next time)
            </label>
          </fieldset>
        )
      }
    />
  )
}

/** What the transfer costs and when it must be sent: shown only while the quote is the truth. */
function Quote({ summary, facts, requirements, gasPrices, ethUsd }: ActionCardProps) {
  const gasWei = requirementsGasWei(requirements, gasPrices)
  const sources = [...new Set(summary.pay.map((a) => a.chainId))]
  const eta = useSettlementEta(summary.destination.chainId)
  const approval = requirements.find((r) => r.kind === 'approval')
  return (
    <>
      <AmountsPanel
        size="large"
        title="You pay"
        amounts={summary.pay}
        testId="card-pay"
        empty="Only the fee: your account pays it with its operations"
      />
      <AmountsPanel
        size="large"
        title={summary.recipientIsAccount ? 'You receive' : 'The recipient receives'}
        amounts={summary.receive}
        testId="card-receive"
        empty="No tokens: only your account's calls run"
      />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-600 dark:text-zinc-400">Total fee</dt>
        <dd className="text-right tabular-nums" data-testid="card-fee">
          {summary.fees ? formatUsdNumber(summary.fees.total) : '—'}
          {summary.feeToken.amount > 0n &&
            ` · ${formatAmount(summary.feeToken.amount, summary.feeToken.decimals)} ${summary.feeToken.symbol}`}
          {gasWei > 0n && (
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">
              + {formatRequirementsGas(gasWei, ethUsd)} gas for{' '}
              {requirements.length === 1 ? (approval ? 'the approval' : 'the wrap') : 'the approval and wrap'}
            </span>
          )}
        </dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Arrives</dt>
        <dd
          className="text-right tabular-nums"
          data-testid="card-eta"
          data-eta-basis={eta.basis ? 'measured' : 'estimated'}
          title={
            eta.basis
              ? `The median time to settle of the last ${eta.basis.samples} transfers to this chain (24 hours)`
              : "Estimated from the chains' block times"
          }
        >
          {formatEta(eta.seconds(sources))} after submitting
        </dd>
        {facts.account && (
          <>
            <dt className="text-zinc-600 dark:text-zinc-400">Account</dt>
            <dd className="text-right" data-testid="card-account">
              {facts.account}
              {facts.setup && <span className="block text-xs text-zinc-600 dark:text-zinc-400">{facts.setup}</span>}
            </dd>
          </>
        )}
        <dt className="text-zinc-600 dark:text-zinc-400">Funds</dt>
        <dd className="text-right" data-testid="card-funds-used">
          {facts.funds}
        </dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Deadline</dt>
        <dd className="text-right tabular-nums">
          <CardDeadline signBy={summary.signBy} />
        </dd>
      </dl>
    </>
  )
}

function stepError(state: TransactionState, signing: RouteSigning): string | undefined {
  if (state.stage === 'failed') return state.message
  if (state.stage === 'reverted') return 'The transaction reverted: nothing changed on chain.'
  return signing.run.failure?.message
}

function busyLabel(state: TransactionState, p: ActionCardProps): string | undefined {
  if (state.stage === 'switching') return 'Switching network…'
  if (state.stage === 'confirming' || p.signing.run.active !== undefined || p.authorizations.busy)
    return 'Confirm in your wallet…'
  if (state.stage === 'pending') return 'Waiting for the receipt…'
  if (p.submitting) return 'Submitting…'
  return undefined
}
