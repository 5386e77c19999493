'use client'
// Where the money is: the account's USD value as two donuts, by chain and by asset (recharts),
// each beside a list that carries the numbers in text, so the charts themselves are decoration.
// Percentages are whole numbers that add up to 100 (largest remainder).
import dynamic from 'next/dynamic'
import { getChain } from '@/lib/core/chains/chains'
import type { Amounts } from '@/lib/ui/portfolio/portfolioRows'
import type { AssetValue, ChainValue } from '@/lib/ui/portfolio/valueByChain'
import { percentShares } from '@/lib/ui/shared/percentShares'
import { formatUsd } from '@/lib/ui/shared/usdValue'

// The donuts' code (recharts) is not part of the page's first load: it is fetched when a donut is
// drawn, or earlier once there is an account to read (PortfolioView). Meanwhile a pulsing disc of
// the same size holds the donut's place (a skeleton, never an empty ring), so nothing moves when it
// arrives. (The charts are drawn in the browser only anyway: prices are read there, so a shared
// link's HTML holds their skeleton.)
export const loadValueDonut = () => import('./ValueDonut')
const ValueDonut = dynamic(() => loadValueDonut().then((m) => m.ValueDonut), {
  loading: () => (
    <div
      className="m-0.5 size-[108px] animate-pulse rounded-full bg-zinc-100 dark:bg-zinc-800"
      data-testid="donut-skeleton"
    />
  ),
})

const assetColors: Record<string, string> = { ETH: '#6366f1', USDC: '#2775ca', USDT: '#059669' }

type Slice = { key: string; label: string; usd: Amounts; color: string }

export function ValueCharts({
  byChain,
  byAsset,
  total,
}: {
  byChain: readonly ChainValue[]
  byAsset: readonly AssetValue[]
  total: Amounts
}) {
  const [unlockedShare, lockedShare] = percentShares([total.unlocked, total.locked])
  const chains = byChain
    .filter((c) => c.usd.total > 0n)
    .map(
      (c): Slice => ({
        key: String(c.chainId),
        label: c.chainName,
        usd: c.usd,
        color: getChain(c.chainId)?.color ?? '#71717a',
      }),
    )
  const assets = byAsset
    .filter((a) => a.usd.total > 0n)
    .map(
      (a): Slice => ({
        key: a.tokenName,
        label: a.tokenName,
        usd: a.usd,
        color: assetColors[a.tokenName] ?? '#71717a',
      }),
    )
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">Where the money is</span>
        <span className="text-sm tabular-nums text-zinc-700 dark:text-zinc-300">
          {unlockedShare}% unlocked · {lockedShare}% locked
        </span>
      </figcaption>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <Breakdown title="By chain" slices={chains} />
        <Breakdown title="By asset" slices={assets} />
      </div>
    </figure>
  )
}

function Breakdown({ title, slices }: { title: string; slices: readonly Slice[] }) {
  const shares = percentShares(slices.map((s) => s.usd.total))
  return (
    <section aria-label={`Value ${title.toLowerCase()}`} className="flex min-w-0 items-center gap-4">
      <div aria-hidden="true" className="size-28 shrink-0">
        <ValueDonut
          slices={slices.map((s) => ({ key: s.key, label: s.label, value: Number(s.usd.total), color: s.color }))}
        />
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="text-sm font-medium">{title}</h3>
        <ul className="mt-2 grid gap-1.5 text-sm">
          {slices.map((s, i) => (
            <li key={s.key} data-slice={s.label} className="flex flex-wrap items-baseline gap-x-2">
              <span
                aria-hidden="true"
                className="size-2.5 shrink-0 self-center rounded-sm"
                style={{ backgroundColor: s.color }}
              />
              <span className="font-medium">{s.label}</span>
              <span className="tabular-nums text-zinc-700 dark:text-zinc-300">
                {formatUsd(s.usd.total)} · {shares[i]}%{s.usd.locked > 0n && <> · {formatUsd(s.usd.locked)} locked</>}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
