'use client'
// What the account holds on each chain, chain first: the chain's USD total, each token on its row
// (WETH apart from ETH) at sensible decimals, rows holding nothing hidden unless asked for, and
// from a row the next step: move it (the route builder) or use locked funds.
import Link from 'next/link'
import { useId, useState } from 'react'
import { buttonStyles } from '@/components/buttonStyles'
import { ChainIcon, TokenIcon } from '@/components/ChainIcon'
import { type BalanceChange, changedChains, holdingKey, signedDelta } from '@/lib/ui/portfolio/balanceChanges'
import { chainView, displayAmount } from '@/lib/ui/portfolio/chainView'
import type { TokenRow } from '@/lib/ui/portfolio/portfolioRows'
import type { BalanceChanges } from '@/lib/ui/portfolio/useBalanceChanges'
import { holdingSearch } from '@/lib/ui/route/routeForm'
import { formatLocalTime } from '@/lib/ui/shared/countdown'
import { formatUsd } from '@/lib/ui/shared/usdValue'

export function ChainView({ rows, changes }: { rows: readonly TokenRow[]; changes?: BalanceChanges | undefined }) {
  const [showEmpty, setShowEmpty] = useState(false)
  const toggleId = useId()
  const groups = chainView(rows, { showEmpty })
  const changed = changes ? changedChains(changes.changes) : new Set<number>()
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
      {changes && <ChangesNotice changes={changes} />}
      <ul className="grid gap-3 md:grid-cols-2">
        {groups.map((g) => (
          <li
            key={g.chainId}
            className={`min-w-0 rounded-xl border bg-white p-4 dark:bg-zinc-900 ${changed.has(g.chainId) ? 'border-amber-400 ring-2 ring-amber-200 dark:border-amber-500 dark:ring-amber-900' : 'border-zinc-200 dark:border-zinc-800'}`}
            data-chain-card={g.chainName}
            data-changed={changed.has(g.chainId) || undefined}
          >
            <h3 className="flex items-center justify-between gap-2 font-semibold">
              <span className="inline-flex items-center gap-2">
                <ChainIcon chainId={g.chainId} size={20} />
                {g.chainName}
                {changed.has(g.chainId) && <span className={changeBadge}>Changed</span>}
              </span>
              <span className="tabular-nums" data-testid="chain-total">
                {g.usdCents === undefined ? '' : formatUsd(g.usdCents)}
              </span>
            </h3>
            <ul className="mt-2 grid gap-2">
              {g.holdings.map((h) => {
                const change = changes?.changes.get(holdingKey(g.chainId, h.tokenSymbol))
                return (
                  <li
                    key={h.tokenSymbol}
                    className={`flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm ${change ? '-mx-2 rounded-md bg-amber-50 px-2 py-1 dark:bg-amber-950/40' : ''}`}
                    data-holding={h.tokenSymbol}
                    data-changed={change ? true : undefined}
                  >
                    <span className="inline-flex items-center gap-1.5 font-medium">
                      <TokenIcon symbol={h.tokenSymbol} />
                      {h.tokenSymbol}
                      {change && (
                        <span className={changeBadge} data-change>
                          Changed:{' '}
                          {changeText(change, (v) => `${displayAmount(v, h.decimals, h.asset)} ${h.tokenSymbol}`)}
                        </span>
                      )}
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
                        <Link
                          href={`/route${holdingSearch({ chainId: g.chainId, symbol: h.tokenSymbol })}`}
                          className={buttonStyles.quiet}
                        >
                          Move
                          <span className="sr-only">
                            {' '}
                            {h.tokenSymbol} from {g.chainName}
                          </span>
                        </Link>
                      )}
                      {h.amounts.locked > 0n && (
                        <Link
                          href={`/route${holdingSearch({ chainId: g.chainId, symbol: h.tokenSymbol })}`}
                          className={buttonStyles.quiet}
                        >
                          Use locked funds
                          <span className="sr-only">
                            {' '}
                            ({h.tokenSymbol} on {g.chainName})
                          </span>
                        </Link>
                      )}
                    </span>
                  </li>
                )
              })}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}

const changeBadge =
  'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-50'

/** "+1,000 USDC", "−101 USDC locked", or both sides. */
function changeText(change: BalanceChange, show: (amount: bigint) => string): string {
  const parts = [
    change.unlocked !== 0n ? signedDelta(change.unlocked, show) : '',
    change.locked !== 0n ? `${signedDelta(change.locked, show)} locked` : '',
  ]
  return parts.filter(Boolean).join(', ')
}

/** Above the chains: since when changes are highlighted, and a way to stop. */
function ChangesNotice({ changes }: { changes: BalanceChanges }) {
  const since = formatLocalTime(BigInt(Math.floor(changes.baseline.takenAt / 1000)), Date.now())
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50"
      data-testid="balance-changes"
    >
      <p>
        {changes.changes.size === 0
          ? `Nothing has changed yet since the route you submitted at ${since}.`
          : `Highlighted: ${changes.changes.size} ${changes.changes.size === 1 ? 'balance' : 'balances'} changed since the route you submitted at ${since}.`}
      </p>
      <button type="button" className="underline" onClick={changes.clear}>
        Clear highlights
      </button>
    </div>
  )
}
