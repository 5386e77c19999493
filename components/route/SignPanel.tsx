'use client'
// The typed data the wallet will be asked to sign, shown before it is, and the Sign button: one
// signature per element, each checked to recover to the sponsor. An expired route offers a refresh.
import { buttonStyles } from '@/components/buttonStyles'
import { Section } from '@/components/Section'
import type { RoutePhase } from '@/lib/ui/route/routePhase'
import { type SigningItem, typedDataJson } from '@/lib/ui/route/routeSigning'
import type { RouteSigning, SignedItem } from '@/lib/ui/route/useRouteSigning'
import { Verdict } from './Verdict'

export type SignPanelProps = {
  items: readonly SigningItem[]
  /** useRouteSigning's state, held by the inspector so that Submit can read the signatures. */
  signing: RouteSigning
  blocker: string | undefined
  phase: RoutePhase
  onRefresh: (() => void) | undefined
  refreshing: boolean
  /** A smart account's route: its owner signs, and each signature is checked as the account's (ERC-1271, ERC-6492 while it has no code). */
  smartAccount?: boolean
}

export function SignPanel({
  items,
  signing,
  blocker,
  phase,
  onRefresh,
  refreshing,
  smartAccount = false,
}: SignPanelProps) {
  const expired = phase.kind === 'expired' || phase.kind === 'outdated'
  const { run, signAll } = signing
  const signedCount = Object.keys(run.signed).length
  const allVerified = signedCount === items.length && Object.values(run.signed).every((s) => s.verified)
  return (
    <Section
      id="sign"
      title="Sign"
      description={`Your wallet will be asked for ${items.length} EIP-712 ${items.length === 1 ? 'signature' : 'signatures'}, one per element, exactly over the typed data below.`}
    >
      <ol className="grid gap-3">
        {items.map((item) => (
          <li
            key={item.index}
            className="min-w-0 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
            data-typed-data={item.typedData.primaryType}
          >
            <p className="font-medium">
              {item.index + 1}. {item.title}
            </p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              Domain {item.typedData.domain?.name}, chain {item.chainId}, contract{' '}
              {item.typedData.domain?.verifyingContract}
            </p>
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600">
                Typed data
              </summary>
              <pre className="mt-2 max-h-96 overflow-auto rounded bg-zinc-50 p-3 text-xs dark:bg-zinc-950">
                {typedDataJson(item.typedData)}
              </pre>
            </details>
            <SignatureResult
              signed={run.signed[item.index]}
              active={run.active === item.index}
              smartAccount={smartAccount}
            />
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {phase.kind === 'submitted' ? (
          <p className="text-sm" data-testid="sign-closed">
            Signed and submitted: this route is not signed again.
          </p>
        ) : expired && onRefresh ? (
          <button type="button" className={buttonStyles.primary} onClick={onRefresh} disabled={refreshing}>
            {refreshing ? 'Refreshing…' : phase.kind === 'outdated' ? 'Get a new route' : 'Refresh route'}
          </button>
        ) : (
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={blocker !== undefined || run.active !== undefined || signedCount === items.length}
            onClick={() => void signAll()}
          >
            {run.active !== undefined
              ? 'Waiting for your wallet…'
              : signedCount === items.length
                ? 'Signed'
                : signedCount > 0
                  ? 'Sign the rest'
                  : 'Sign'}
          </button>
        )}
        <div aria-live="polite" className="min-w-0 text-sm wrap-anywhere">
          {blocker && phase.kind !== 'submitted' && <p>{blocker}</p>}
          {run.failure && (
            <p className={run.failure.rejected ? '' : 'text-red-700 dark:text-red-300'}>{run.failure.message}</p>
          )}
          {allVerified && (
            <p className="font-medium text-emerald-800 dark:text-emerald-300">
              {smartAccount
                ? `${items.length === 1 ? 'The signature passes' : `All ${items.length} signatures pass`} the account’s ERC-1271 check (ERC-6492 while it has no code).`
                : `${items.length === 1 ? 'The signature recovers' : `All ${items.length} signatures recover`} to the sponsor.`}
            </p>
          )}
        </div>
      </div>
    </Section>
  )
}

function SignatureResult({
  signed,
  active,
  smartAccount,
}: {
  signed: SignedItem | undefined
  active: boolean
  smartAccount: boolean
}) {
  if (active) return <p className="mt-2 text-sm">Confirm in your wallet…</p>
  if (!signed) return null
  return (
    <div className="mt-2 grid gap-1 text-sm" data-testid="signature">
      <p className="flex flex-wrap items-center gap-2">
        Signature{' '}
        <Verdict status={signed.verified ? 'ok' : 'bad'}>
          {smartAccount
            ? signed.verified
              ? 'verified: the account accepts it'
              : 'not accepted by the account'
            : signed.verified
              ? 'verified: recovers to the sponsor'
              : 'does not recover to the sponsor'}
        </Verdict>
      </p>
      <code className="font-mono text-xs break-all">{signed.signature}</code>
    </div>
  )
}
