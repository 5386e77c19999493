// The portfolio's value in USD: the total, unlocked and locked, and where it sits by chain and asset.

import type { TokenRow } from '@/lib/ui/portfolio/portfolioRows'
import { totalValue, valueByAsset, valueByChain } from '@/lib/ui/portfolio/valueByChain'
import { formatUsd } from '@/lib/ui/shared/usdValue'
import { ValueCharts } from './ValueCharts'

export type ValueSummaryProps = { rows: readonly TokenRow[]; pricesPending: boolean; pricesProblem: string | undefined }

export function ValueSummary({ rows, pricesPending, pricesProblem }: ValueSummaryProps) {
  const total = totalValue(rows)
  const byChain = valueByChain(rows)
  const byAsset = valueByAsset(rows)
  if (!total || !byChain || !byAsset) {
    return (
      <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
        {pricesPending
          ? 'Reading USD prices…'
          : `USD prices are unavailable right now${pricesProblem ? ` (${pricesProblem.toLowerCase()})` : ''}, so token balances are shown without their value and cannot be added up.`}
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
          <div key={s.label} className="rounded-xl border first:col-span-2 sm:first:col-span-1 border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
            <dt className="text-sm text-zinc-600 dark:text-zinc-400">{s.label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{formatUsd(s.value)}</dd>
            <dd className="text-xs text-zinc-600 dark:text-zinc-400">{s.hint}</dd>
          </div>
        ))}
      </dl>
      <ValueCharts byChain={byChain} byAsset={byAsset} total={total} />
    </section>
  )
}
