'use client'
// Beside the amount: what one route can draw of the requested asset (the one "available" figure,
// the same the shortfall table reports), its USD value, and what is held per chain, from the live
// portfolio (the same query, and cache, as the portfolio page).
import { ApiErrorNotice } from '@/components/ApiErrorNotice'
import { ChainIcon } from '@/components/ChainIcon'
import { type AvailableBalance as Available, availableExplained } from '@/lib/ui/portfolio/availableBalance'
import type { AvailableBalanceQuery } from '@/lib/ui/portfolio/useAvailableBalance'
import { formatAmount } from '@/lib/ui/shared/formatAmount'
import { formatUsd, type UsdPrice, usdCents } from '@/lib/ui/shared/usdValue'

export function AvailableBalance({ query }: { query: AvailableBalanceQuery }) {
  if (query.status === 'no-account')
    return <p className="text-xs text-zinc-600 dark:text-zinc-400">Enter an account to see what it holds.</p>
  if (query.status === 'loading') {
    return (
      <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        Reading the account’s balances…
      </p>
    )
  }
  if (query.status === 'error') return <ApiErrorNotice advice={query.advice} onRetry={query.retry} />
  return <Holdings balance={query.balance} usdPrice={query.usdPrice} />
}

function Holdings({ balance, usdPrice }: { balance: Available; usdPrice: UsdPrice | undefined }) {
  const amount = (v: bigint) => formatAmount(v, balance.decimals)
  const chainCount = new Set(balance.chains.filter((c) => c.usable).map((c) => c.chainId)).size
  const explained = availableExplained(balance, amount)
  if (balance.chains.length === 0) {
    return (
      <p data-testid="available-balance" className="text-sm text-zinc-700 dark:text-zinc-300">
        This account holds no {balance.asset} on any chain.
      </p>
    )
  }
  return (
    <div data-testid="available-balance" className="grid gap-2 rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-950/60">
      <p data-available-total>
        Available: <strong className="tabular-nums">{amount(balance.maxBound)}</strong> {balance.asset}
        {usdPrice && (
          <span className="text-zinc-600 tabular-nums dark:text-zinc-400">
            {' '}
            ({formatUsd(usdCents(balance.maxBound, balance.decimals, usdPrice))})
          </span>
        )}
        {chainCount > 0 && ` on ${chainCount} ${chainCount === 1 ? 'chain' : 'chains'}`}
      </p>
      {explained && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-available-sides>
          {explained}
        </p>
      )}
      <ul className="grid gap-1" aria-label={`${balance.asset} per chain`}>
        {balance.chains.map((c) => (
          <li
            key={`${c.chainId}:${c.tokenSymbol}`}
            data-chain={c.chainName}
            data-token={c.tokenSymbol}
            className={`flex flex-wrap items-baseline justify-between gap-x-3 ${c.usable ? '' : 'text-zinc-600 dark:text-zinc-400'}`}
          >
            <span className="inline-flex items-center gap-1.5">
              <ChainIcon chainId={c.chainId} />
              {c.chainName}
              {!c.usable && <span className="text-xs">(not used: see Which funds to use)</span>}
            </span>
            <span className="tabular-nums">
              {c.amounts.unlocked > 0n && <span data-unlocked>{`${amount(c.amounts.unlocked)} ${c.tokenSymbol}`}</span>}
              {c.amounts.unlocked > 0n && c.amounts.locked > 0n && ' · '}
              {c.amounts.locked > 0n && (
                <span
                  data-locked
                  title="Locked in The Compact"
                >{`${amount(c.amounts.locked)} ${c.tokenSymbol} locked`}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
