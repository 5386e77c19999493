'use client'
import { buttonStyles } from '@/components/buttonStyles'
// What the account must do on chain before the route can settle: approve Permit2, wrap ETH. Each
// is one wallet transaction, run from here, with its hash and receipt; a refreshed route drops it.
import { Section } from '@/components/Section'
import type { RequirementStep } from '@/lib/ui/route/requirementSteps'
import { formatTokenAmount } from '@/lib/ui/shared/tokenAmount'
import { type TransactionState, useWalletTransaction } from '@/lib/ui/wallet/useWalletTransaction'

export type TokenRequirementsProps = {
  steps: readonly RequirementStep[]
  blocker: string | undefined
  onRefresh: (() => void) | undefined
}

export function TokenRequirements({ steps, blocker, onRefresh }: TokenRequirementsProps) {
  if (steps.length === 0) return null
  return (
    <Section
      id="requirements"
      title="Before you sign"
      description="Without these the route cannot settle. Each is a transaction from your wallet; approvals move no funds."
      className="border-amber-300 dark:border-amber-800"
    >
      <ul className="grid gap-3">
        {steps.map((step) => (
          <Requirement key={step.key} step={step} blocker={blocker} onRefresh={onRefresh} />
        ))}
      </ul>
    </Section>
  )
}

function Requirement({
  step,
  blocker,
  onRefresh,
}: {
  step: RequirementStep
  blocker: string | undefined
  onRefresh: (() => void) | undefined
}) {
  const { state, run } = useWalletTransaction()
  const busy = state.stage === 'switching' || state.stage === 'confirming' || state.stage === 'pending'
  const what =
    step.kind === 'approval'
      ? `Approve ${step.spender?.name} to spend ${formatTokenAmount(step.amount)} on ${step.amount.chainName}`
      : `Wrap ${formatTokenAmount(step.amount)} into WETH on ${step.amount.chainName}`
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 rounded-lg bg-zinc-50 p-3 dark:bg-zinc-950/60"
      data-requirement={step.kind}
    >
      <div className="min-w-0">
        <p className="font-medium">{what}</p>
        <p className="font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">
          {step.kind === 'approval'
            ? `approve(${step.spender?.address}, ${step.unlimited ? 'max' : step.txAmount.amount})`
            : `WETH deposit() with ${step.txAmount.amount} wei`}
        </p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {step.unlimited
            ? `The transaction approves every amount of ${step.amount.symbol}: no approval for it is asked again.`
            : `The transaction ${step.kind === 'approval' ? 'approves' : 'wraps'} ${formatTokenAmount(step.txAmount)}: a little headroom, so a refreshed route priced a little higher does not ask again.`}
        </p>
        <TransactionStatus state={state} onRefresh={onRefresh} />
      </div>
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={busy || state.stage === 'done' || blocker !== undefined}
        title={blocker}
        onClick={() => void run(step.tx)}
      >
        {step.kind === 'approval' ? 'Approve' : 'Wrap'} in wallet
      </button>
    </li>
  )
}

function TransactionStatus({ state, onRefresh }: { state: TransactionState; onRefresh: (() => void) | undefined }) {
  const text = {
    idle: '',
    switching: 'Switching the wallet’s network…',
    confirming: 'Confirm the transaction in your wallet…',
    pending: 'Sent; waiting for the receipt…',
    done: 'Confirmed.',
    reverted: 'The transaction reverted: nothing changed on chain.',
    failed: state.stage === 'failed' ? state.message : '',
  }[state.stage]
  return (
    <div aria-live="polite" className="text-sm">
      {text && (
        <p
          className={
            state.stage === 'failed' || state.stage === 'reverted' ? 'mt-1 text-red-700 dark:text-red-300' : 'mt-1'
          }
        >
          {text}
        </p>
      )}
      {'hash' in state && state.hash && (
        <p className="mt-1 text-xs break-all">
          Transaction <code className="font-mono">{state.hash}</code>
          {state.stage === 'done' && ` in block ${state.blockNumber}`}
        </p>
      )}
      {state.stage === 'done' && onRefresh && (
        <button type="button" className={`${buttonStyles.quiet} -ml-3 mt-1`} onClick={onRefresh}>
          Refresh the route to see it done
        </button>
      )}
    </div>
  )
}
