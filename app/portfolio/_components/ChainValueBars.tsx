// Where the money is, as plain CSS bars: locked against unlocked overall, then each chain's share
// of the total split the same way. Every bar has its numbers in text beside it.
import type { Amounts } from '@/lib/ui/portfolioRows'
import { formatUsd } from '@/lib/ui/usdValue'
import { percentOf, type ChainValue } from '@/lib/ui/valueByChain'

export function ChainValueBars({ byChain, total }: { byChain: readonly ChainValue[]; total: Amounts }) {
  return (
    <figure className="rounded-xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">Where the money is</span>
        <span className="flex gap-4 text-xs text-zinc-700 dark:text-zinc-300">
          <Legend className="bg-emerald-600" label="Unlocked" />
          <Legend className="bg-indigo-600" label="Locked" />
        </span>
      </figcaption>

      <div className="mt-4">
        <p className="flex justify-between gap-2 text-sm">
          <span>Locked vs unlocked</span>
          <span className="tabular-nums text-zinc-700 dark:text-zinc-300">{percentOf(total.locked, total.total)}% locked</span>
        </p>
        <Bar unlocked={percentOf(total.unlocked, total.total)} locked={percentOf(total.locked, total.total)} />
      </div>

      <ul className="mt-5 grid gap-4">
        {byChain.map((c) => (
          <li key={c.chainId}>
            <p className="flex flex-wrap justify-between gap-x-3 text-sm">
              <span className="font-medium">{c.chainName}</span>
              <span className="tabular-nums text-zinc-700 dark:text-zinc-300">
                {formatUsd(c.usd.total)} · {percentOf(c.usd.total, total.total)}%
                {c.usd.locked > 0n && <> · {formatUsd(c.usd.locked)} locked</>}
              </span>
            </p>
            <Bar unlocked={percentOf(c.usd.unlocked, total.total)} locked={percentOf(c.usd.locked, total.total)} />
          </li>
        ))}
      </ul>
    </figure>
  )
}

function Bar({ unlocked, locked }: { unlocked: number; locked: number }) {
  return (
    <div aria-hidden="true" className="mt-1.5 flex h-3 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
      <div className="bg-emerald-600" style={{ width: `${unlocked}%` }} />
      <div className="bg-indigo-600" style={{ width: `${locked}%` }} />
    </div>
  )
}

function Legend({ className, label }: { className: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={`size-2.5 rounded-sm ${className}`} />
      {label}
    </span>
  )
}
