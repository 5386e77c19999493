'use client'
// Home for the connected wallet: what it holds (the portfolio's totals and its largest chains),
// its last transfers, and "Move funds". Before a wallet connects: what the app does and how to start.
import Link from 'next/link'
import { useMemo } from 'react'
import { ChainIcon } from '@/components/ChainIcon'
import { SignInButton } from '@/components/SignInButton'
import { historyGroups } from '@/lib/ui/history/historyRows'
import { useRouteHistory } from '@/lib/ui/history/useRouteHistory'
import { readPortfolioParams } from '@/lib/ui/portfolio/portfolioParams'
import { portfolioRows, usdPriceMap } from '@/lib/ui/portfolio/portfolioRows'
import { usePortfolio, usePrices } from '@/lib/ui/portfolio/usePortfolioData'
import { totalValue, valueByChain } from '@/lib/ui/portfolio/valueByChain'
import { shortAddress } from '@/lib/ui/shared/formatAddress'
import { formatDate } from '@/lib/ui/shared/formatDateTime'
import { formatUsd } from '@/lib/ui/shared/usdValue'
import { useSiweSession } from '@/lib/ui/wallet/useSiweSession'
import { useWalletConnection } from '@/lib/ui/wallet/useWalletConnection'
import { HomeCard, MoveFundsLinks } from './HomeCard'

// The portfolio page's own read with no filters: one request, and cache, for both pages.
const noFilters = readPortfolioParams({ get: () => null })

export function HomeSummary() {
  const { status, address } = useWalletConnection()
  if (status !== 'connected' || !address)
    return <Welcome connecting={status === 'connecting' || status === 'reconnecting'} />
  return (
    <div className="mt-8 grid gap-4 lg:grid-cols-2">
      <Holdings account={address} />
      <RecentActivity account={address} />
    </div>
  )
}

function Welcome({ connecting }: { connecting: boolean }) {
  return (
    <HomeCard id="start" title={connecting ? 'Connecting your wallet…' : 'Get started'} className="mt-8">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        With <strong>Connect wallet</strong> at the top of the page, Home shows what you hold on every chain and your
        last transfers. Then ask for tokens on the chain where you need them: one signature draws on all your balances.
      </p>
      <MoveFundsLinks />
    </HomeCard>
  )
}

function Holdings({ account }: { account: string }) {
  const portfolio = usePortfolio(account, noFilters)
  const prices = usePrices(true)
  const rows = useMemo(
    () => portfolio.data && portfolioRows(portfolio.data, usdPriceMap(prices.data)),
    [portfolio.data, prices.data],
  )
  const total = rows && totalValue(rows)
  const chains = (rows && valueByChain(rows))?.filter((c) => c.usd.total > 0n).slice(0, 4)
  return (
    <HomeCard
      id="holdings"
      testId="home-holdings"
      title={
        <>
          Your funds{' '}
          <span className="font-mono text-sm font-normal text-zinc-600 dark:text-zinc-400">
            {shortAddress(account)}
          </span>
        </>
      }
    >
      {portfolio.error ? (
        <p className="text-sm">The balances could not be read just now: open the portfolio to try again.</p>
      ) : !total ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Reading your balances on every chain…</span>
          <div aria-hidden="true" className="flex animate-pulse gap-6" data-testid="home-totals-skeleton">
            <div className="h-10 w-28 rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="h-10 w-24 rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="h-10 w-20 rounded bg-zinc-200 dark:bg-zinc-800" />
          </div>
        </div>
      ) : (
        <>
          {/* Wrapping, never overlapping: on a phone a long total takes its own line. */}
          <dl className="flex flex-wrap gap-x-6 gap-y-2" data-testid="home-totals">
            {[
              ['Total', total.total],
              ['Unlocked', total.unlocked],
              ['Locked', total.locked],
            ].map(([label, value]) => (
              <div key={label as string} className="min-w-0">
                <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label as string}</dt>
                <dd className="text-lg font-semibold tabular-nums">{formatUsd(value as bigint)}</dd>
              </div>
            ))}
          </dl>
          <ul className="grid gap-1 text-sm" aria-label="Value by chain">
            {chains?.map((c) => (
              <li key={c.chainId} className="flex items-center justify-between gap-2">
                <span className="inline-flex items-center gap-1.5">
                  <ChainIcon chainId={c.chainId} />
                  {c.chainName}
                </span>
                <span className="tabular-nums">{formatUsd(c.usd.total)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <MoveFundsLinks />
    </HomeCard>
  )
}

function RecentActivity({ account }: { account: string }) {
  const { covers } = useSiweSession()
  const signedIn = covers(account)
  const history = useRouteHistory(signedIn ? account : undefined)
  const recent = useMemo(
    () =>
      historyGroups(history.data?.pages.flatMap((p) => p.routes) ?? [], { nowMs: Date.now(), account })
        .filter((g) => g.kind === 'activity')
        .slice(0, 3)
        .flatMap((g) => g.routes.slice(0, 1)),
    [history.data, account],
  )
  return (
    <HomeCard id="recent" title="Recent activity" testId="home-activity">
      {!signedIn ? (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Sign in with your wallet to see your transfers here: it signs a message, no transaction and no fee.
          </p>
          <div className="justify-self-start">
            <SignInButton />
          </div>
        </>
      ) : history.isPending ? (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          Reading your transfers…
        </p>
      ) : recent.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">No transfers yet: “Move funds” starts one.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {recent.map((r) => (
            <li key={r.nonce} className="flex flex-wrap items-baseline justify-between gap-x-3" data-nonce={r.nonce}>
              <Link href={r.href} className="underline-offset-2 hover:underline">
                {r.delivers ?? 'Transfer'} to {r.destination}
              </Link>
              <span className="text-zinc-600 dark:text-zinc-400">
                {r.statusLabel} · {formatDate(r.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link href="/history" className="text-sm underline">
        All activity
      </Link>
    </HomeCard>
  )
}
