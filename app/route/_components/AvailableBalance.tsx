'use client'
// Beside the amount: what the account holds of the requested asset, in total and per chain, from
// the live portfolio (the same query, and cache, as the portfolio page).
import { ApiErrorNotice } from '@/components/ApiErrorNotice'
import { ChainIcon } from '@/components/ChainIcon'
import type { AvailableBalance as Available } from '@/lib/ui/portfolio/availableBalance'
import type { AvailableBalanceQuery } from '@/lib/ui/portfolio/useAvailableBalance'
import { formatAmount } from '@/lib/ui/shared/formatAmount'

export function AvailableBalance({ query, symbol }: { query: AvailableBalanceQuery; symbol: string }) {
  if (query.status === 'no-account') return <p className="text-xs text-zinc-600 dark:text-zinc-400">Enter an account to see what it holds.</p>
  if (query.status === 'loading') {
    return (
      <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        Reading the account’s balances…
      </p>
    )
  }
  if (query.status === 'error') return <ApiErrorNotice advice={query.advice} onRetry={query.retry} />
  return <Holdings balance={query.balance} symbol={symbol} />
}

function Holdings({ balance, symbol }: { balance: Available; symbol: string }) {
  const amount = (v: bigint) => formatAmount(v, balance.decimals)
  const chainCount = new Set(balance.chains.filter((c) => c.usable).map((c) => c.chainId)).size
  const total = balance.locked + balance.unlocked
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
        Available: <strong className="tabular-nums">{amount(total)}</strong> {balance.asset}
        {chainCount > 0 && ` on ${chainCount} ${chainCount === 1 ? 'chain' : 'chains'}`}
        {balance.locked > 0n && balance.unlocked > 0n && (
          <span className="text-zinc-600 dark:text-zinc-400">
            {' '}
            ({amount(balance.unlocked)} unlocked · {amount(balance.locked)} locked)
          </span>
        )}
      </p>
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
              {c.amounts.locked > 0n && <span data-locked title="Locked in The Compact">{`${amount(c.amounts.locked)} ${c.tokenSymbol} locked`}</span>}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-max-bound>
        MAX reaches at most {amount(balance.maxBound)} {symbol} before fees.
      </p>
    </div>
  )
}
