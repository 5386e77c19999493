'use client'
import { useEffect, useRef } from 'react'
// The route at a glance, like a swap: what you pay, what you receive, the total fee (USD and the
// fee token, with the gas of any approval or wrap), an estimate of how long it takes, and one
// primary button that walks every open approval or wrap, then Sign, then Submit, in place. After a
// requirement's receipt the route is re-quoted by itself. On a phone the button sits at the bottom
// of the screen. Every detail stays below, in the inspector ("Inspect").
import type { Hex } from 'viem'
import { buttonStyles } from '@/components/buttonStyles'
import { formatEta, formatRequirementsGas, type PrimaryAction, requirementsGasWei } from '@/lib/ui/route/primaryAction'
import { approvalHeadroom, type RequirementStep } from '@/lib/ui/route/requirementSteps'
import type { RoutePhase } from '@/lib/ui/route/routePhase'
import { formatUsdNumber, type RouteSummary } from '@/lib/ui/route/routeSummary'
import type { RouteSigning } from '@/lib/ui/route/useRouteSigning'
import { useSettlementEta } from '@/lib/ui/route/useSettlementTimes'
import { formatAmount } from '@/lib/ui/shared/formatAmount'
import { formatTokenAmount } from '@/lib/ui/shared/tokenAmount'
import { type TransactionState, useWalletTransaction } from '@/lib/ui/wallet/useWalletTransaction'
import { AmountsPanel } from './AmountsPanel'

export type ActionCardProps = {
  summary: RouteSummary
  phase: RoutePhase
  action: PrimaryAction
  requirements: readonly RequirementStep[]
  gasPrices: Record<string, string>
  ethUsd: number | undefined
  unlimited: boolean
  onUnlimited: (unlimited: boolean) => void
  signing: RouteSigning
  submit: () => void
  submitting: boolean
  signatures: Hex[] | undefined
  onRefresh: (() => void) | undefined
  refreshing: boolean
}

export function ActionCard(p: ActionCardProps) {
  const { summary, phase, action, requirements } = p
  const tx = useWalletTransaction()
  const busy = tx.state.stage === 'switching' || tx.state.stage === 'confirming' || tx.state.stage === 'pending' || p.signing.run.active !== undefined || p.submitting || p.refreshing
  // A requirement's receipt: the route is asked for again, and the new one no longer lists it.
  const refreshed = useRef(false)
  const onRefresh = p.onRefresh
  useEffect(() => {
    if (tx.state.stage === 'done' && !refreshed.current && onRefresh) {
      refreshed.current = true
      onRefresh()
    }
  }, [tx.state.stage, onRefresh])

  const run = () => {
    switch (action.kind) {
      case 'requirement':
        return void tx.run(action.step.tx)
      case 'sign':
        return void p.signing.signAll()
      case 'submit':
        return p.signatures && p.submit()
      case 'requote':
        return p.onRefresh?.()
    }
  }
  const gasWei = requirementsGasWei(requirements, p.gasPrices)
  const sources = [...new Set(summary.pay.map((a) => a.chainId))]
  const eta = useSettlementEta(summary.destination.chainId)
  const approval = requirements.find((r) => r.kind === 'approval')
  const enabled = (action.kind === 'requirement' || action.kind === 'sign' || action.kind === 'submit' || action.kind === 'requote') && !busy && !(action.kind === 'submit' && !p.signatures)

  return (
    <section
      aria-labelledby="route-card-heading"
      className="grid min-w-0 gap-3 rounded-xl border-2 border-indigo-200 bg-white p-4 shadow-sm dark:border-indigo-900 dark:bg-zinc-900"
      data-testid="route-card"
      data-phase={phase.kind}
    >
      <h2 id="route-card-heading" className="sr-only">
        Your route
      </h2>
      <AmountsPanel size="large" title="You pay" amounts={summary.pay} testId="card-pay" />
      <AmountsPanel size="large" title={summary.recipientIsAccount ? 'You receive' : 'The recipient receives'} amounts={summary.receive} testId="card-receive" />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-600 dark:text-zinc-400">Total fee</dt>
        <dd className="text-right tabular-nums" data-testid="card-fee">
          {summary.fees ? formatUsdNumber(summary.fees.total) : '—'}
          {summary.feeToken.amount > 0n && ` · ${formatAmount(summary.feeToken.amount, summary.feeToken.decimals)} ${summary.feeToken.symbol}`}
          {gasWei > 0n && (
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">
              + {formatRequirementsGas(gasWei, p.ethUsd)} gas for {requirements.length === 1 ? (approval ? 'the approval' : 'the wrap') : 'the approval and wrap'}
            </span>
          )}
        </dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Arrives</dt>
        <dd
          className="text-right tabular-nums"
          data-testid="card-eta"
          data-eta-basis={eta.basis ? 'measured' : 'estimated'}
          title={eta.basis ? `The median time to settle of the last ${eta.basis.samples} transfers to this chain (24 hours)` : "Estimated from the chains' block times"}
        >
          {formatEta(eta.seconds(sources))} after submitting
        </dd>
      </dl>
      {approval && action.kind === 'requirement' && (
        <fieldset className="grid gap-1 text-sm">
          <legend className="text-zinc-600 dark:text-zinc-400">Approval</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="approval-size" checked={!p.unlimited} onChange={() => p.onUnlimited(false)} />
            Exactly {formatTokenAmount({ ...approval.amount, amount: approval.amount.amount + approvalHeadroom(approval.amount.amount) })}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="approval-size" checked={p.unlimited} onChange={() => p.onUnlimited(true)} />
            Unlimited (no approval next time)
          </label>
        </fieldset>
      )}
      <div className="max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-30 max-sm:border-t max-sm:border-zinc-200 max-sm:bg-white/95 max-sm:p-3 max-sm:backdrop-blur dark:max-sm:border-zinc-800 dark:max-sm:bg-zinc-900/95">
        <button type="button" className={`${buttonStyles.primary} w-full py-3 text-base`} disabled={!enabled} onClick={run} data-testid="primary-action" data-action={action.kind}>
          {busyLabel(tx.state, p) ?? action.label}
        </button>
        <p aria-live="polite" className="mt-1 min-h-5 text-center text-sm wrap-anywhere" data-testid="primary-status">
          {statusText(action, tx.state, p)}
        </p>
      </div>
    </section>
  )
}

function busyLabel(state: TransactionState, p: ActionCardProps): string | undefined {
  if (state.stage === 'switching') return 'Switching network…'
  if (state.stage === 'confirming' || p.signing.run.active !== undefined) return 'Confirm in your wallet…'
  if (state.stage === 'pending') return 'Waiting for the receipt…'
  if (p.refreshing) return 'Updating the route…'
  if (p.submitting) return 'Submitting…'
  return undefined
}

function statusText(action: PrimaryAction, state: TransactionState, p: ActionCardProps): string {
  if (state.stage === 'failed') return state.message
  if (state.stage === 'reverted') return 'The transaction reverted: nothing changed on chain.'
  if (p.signing.run.failure) return p.signing.run.failure.message
  switch (action.kind) {
    case 'blocked':
      return action.reason
    case 'requirement':
      return action.step.kind === 'approval' ? 'A one-time approval so the route can draw this token; it moves no funds.' : 'Wraps ETH into WETH so the route can draw it.'
    case 'sign':
      return 'Your wallet signs the route exactly as shown; nothing moves yet.'
    case 'submit':
      return 'Sends the signed route; a filler delivers it.'
    case 'settling':
      return 'Submitted: the filler is claiming and delivering.'
    case 'done':
      return action.label === 'Completed' ? 'The tokens arrived.' : 'This route was not settled.'
    case 'requote':
      return 'This route can no longer be signed: get a new one in one click.'
  }
}
