'use client'
// What the account holds on each chain, chain first: the chain's USD total, each token on its row
// (WETH apart from ETH) at sensible decimals, rows holding nothing hidden unless asked for, and
// from a row the next step: move it (the route builder) or use locked funds.
import Link from 'next/link'
import { useId, useState } from 'react'
import { buttonStyles } from '@/components/buttonStyles'
import { ChainIcon, TokenIcon } from '@/components/ChainIcon'
import { chainView, displayAmount } from '@/lib/ui/portfolio/chainView'
import type { TokenRow } from '@/lib/ui/portfolio/portfolioRows'
import { holdingSearch } from '@/lib/ui/route/routeForm'
import { formatUsd } from '@/lib/ui/shared/usdValue'

export function ChainView({ rows }: { rows: readonly TokenRow[] }) {
  const [showEmpty, setShowEmpty] = useState(false)
  const toggleId = useId()
  const groups = chainView(rows, { showEmpty })
  return (
    <section aria-labelledby="by-chain-heading" className="grid gap-3" data-testid="chain-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="by-chain-heading" className="text-lg font-semibold">
          Balances by chain
        </h2>
        <label htmlFor={toggleId} className="flex items-center gap-2 text-sm">
          <input id={toggleId} type="checkbox" checked={showEmpty} onChange={(e) => setShowEmpty(e.target.checked)} />
          Show empty balances
        </label>
      </div>
      <ul className="grid gap-3 md:grid-cols-2">
        {groups.map((g) => (
          <li key={g.chainId} className="min-w-0 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-chain-card={g.chainName}>
            <h3 className="flex items-center justify-between gap-2 font-semibold">
              <span className="inline-flex items-center gap-2">
                <ChainIcon chainId={g.chainId} size={20} />
                {g.chainName}
              </span>
              <span className="tabular-nums" data-testid="chain-total">
                {g.usdCents === undefined ? '' : formatUsd(g.usdCents)}
              </span>
            </h3>
            <ul className="mt-2 grid gap-2">
              {g.holdings.map((h) => (
                <li key={h.tokenSymbol} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm" data-holding={h.tokenSymbol}>
                  <span className="inline-flex items-center gap-1.5 font-medium">
                    <TokenIcon symbol={h.tokenSymbol} />
                    {h.tokenSymbol}
                  </span>
                  <span className="text-right tabular-nums">
                    <span data-amount>{displayAmount(h.amounts.unlocked, h.decimals, h.asset)}</span>
                    {h.amounts.locked > 0n && (
                      <span className="block text-xs text-zinc-600 dark:text-zinc-400" data-locked>
                        + {displayAmount(h.amounts.locked, h.decimals, h.asset)} locked
                      </span>
                    )}
                  </span>
                  <span className="flex w-full justify-end gap-2">
                    {h.amounts.unlocked > 0n && (
                      <Link href={`/route${holdingSearch({ chainId: g.chainId, symbol: h.tokenSymbol })}`} className={buttonStyles.quiet}>
                        Move
                        <span className="sr-only">
                          {' '}
                          {h.tokenSymbol} from {g.chainName}
                        </span>
                      </Link>
                    )}
                    {h.amounts.locked > 0n && (
                      <Link href={`/route${holdingSearch({ chainId: g.chainId, symbol: h.tokenSymbol })}`} className={buttonStyles.quiet}>
                        Use locked funds
                        <span className="sr-only">
                          {' '}
                          ({h.tokenSymbol} on {g.chainName})
                        </span>
                      </Link>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}
