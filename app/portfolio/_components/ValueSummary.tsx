// The portfolio's value in USD: the total, unlocked and locked (what locked means, said once), and
// where it sits by chain and asset; a skeleton holds their place while the prices come.

import type { TokenRow } from '@/lib/ui/portfolio/portfolioRows'
import { totalValue, valueByAsset, valueByChain } from '@/lib/ui/portfolio/valueByChain'
import { formatUsd } from '@/lib/ui/shared/usdValue'
import { ValueCharts } from './ValueCharts'

export type ValueSummaryProps = { rows: readonly TokenRow[]; pricesPending: boolean; pricesProblem: string | undefined }

export function ValueSummary({ rows, pricesPending, pricesProblem }: ValueSummaryProps) {
  const total = totalValue(rows)
  const byChain = valueByChain(rows)
  const byAsset = valueByAsset(rows)
  if ((!total || !byChain || !byAsset) && pricesPending) {
    // The figures' place, held while the prices come: nothing moves when they arrive.
    return (
      <div role="status" className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]" data-testid="value-skeleton">
        <span className="sr-only">Reading USD prices…</span>
        <div aria-hidden="true" className="grid animate-pulse grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-1">
          {['total', 'unlocked', 'locked'].map((k) => (
            <div
              key={k}
              className="h-24 rounded-xl bg-zinc-100 first:col-span-2 sm:first:col-span-1 dark:bg-zinc-800"
            />
          ))}
        </div>
        <div aria-hidden="true" className="h-44 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800" />
      </div>
    )
  }
  if (!total || !byChain || !byAsset) {
    return (
      <p
        role="status"
        className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
      >
        {`USD prices are unavailable right now${pricesProblem ? ` (${pricesProblem.toLowerCase()})` : ''}, so token balances are shown without their value and cannot be added up.`}
      </p>
    )
  }
  const stats = [
    { label: 'Total value', value: total.total, hint: 'at Chainlink USD prices' },
    { label: 'Unlocked', value: total.unlocked, hint: 'spendable now' },
    { label: 'Locked', value: total.locked, hint: 'in The Compact resource locks' },
  ]
  return (
    <section aria-labelledby="value-heading" className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <h2 id="value-heading" className="sr-only">
        Value
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-1">
        {stats.map((s) => (
          <div
            key={s.label}
            className="rounded-xl border first:col-span-2 sm:first:col-span-1 border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <dt className="text-sm text-zinc-600 dark:text-zinc-400">{s.label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{formatUsd(s.value)}</dd>
            <dd className="text-xs text-zinc-600 dark:text-zinc-400">{s.hint}</dd>
          </div>
        ))}
      </dl>
      <ValueCharts byChain={byChain} byAsset={byAsset} total={total} />
      {total.locked > 0n && <LockedExplained />}
    </section>
  )
}

/** What "locked" means, said once where it is shown: what a lock is, and how to get the money out. */
function LockedExplained() {
  return (
    <details
      className="rounded-xl border border-zinc-200 bg-white p-4 text-sm lg:col-span-2 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="locked-explained"
    >
      <summary className="cursor-pointer font-medium">What “locked” means</summary>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">
        Locked funds are still yours. They are held for you in The Compact, a contract that lets a transfer spend them
        at once, on any chain, without an approval. A transfer from the route builder uses them as they are. To have
        them back in your wallet, start a withdrawal from The Compact: they are free once the lock’s reset period has
        passed (seven days and an hour for the default lock).
      </p>
    </details>
  )
}
