'use client'
// The portfolio page's state and data: the view from the URL, the account (typed in, or the
// connected wallet's), the two reads, and which of the page's states to show.
import { useEffect, useMemo } from 'react'
import { hasFilters } from '@/lib/ui/portfolio/portfolioParams'
import { holdsNothing, portfolioRows, usdPriceMap } from '@/lib/ui/portfolio/portfolioRows'
import { useBalanceChanges } from '@/lib/ui/portfolio/useBalanceChanges'
import { usePortfolio, usePrices } from '@/lib/ui/portfolio/usePortfolioData'
import { usePortfolioParams } from '@/lib/ui/portfolio/usePortfolioParams'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { describeApiError } from '@/lib/ui/shared/describeApiError'
import { useWalletConnection } from '@/lib/ui/wallet/useWalletConnection'
import { AccountForm } from './AccountForm'
import { BalanceTable } from './BalanceTable'
import { ChainView } from './ChainView'
import { NoAccount, NoBalances } from './EmptyStates'
import { PortfolioError } from './PortfolioError'
import { PortfolioFilters } from './PortfolioFilters'
import { ReadStatus } from './ReadStatus'
import { TableSkeleton } from './TableSkeleton'
import { loadValueDonut } from './ValueCharts'
import { ValueSummary } from './ValueSummary'

export function PortfolioView() {
  const [params, update] = usePortfolioParams()
  const { address: wallet } = useWalletConnection()
  const { source } = useApiKey()
  const account = params.address ?? wallet
  const portfolio = usePortfolio(account, params)
  const prices = usePrices(account !== undefined)
  const rows = useMemo(
    () => portfolio.data && portfolioRows(portfolio.data, usdPriceMap(prices.data)),
    [portfolio.data, prices.data],
  )
  const changes = useBalanceChanges(account, rows)
  const advice = portfolio.error ? describeApiError(portfolio.error, source) : undefined
  const priceAdvice = prices.error ? describeApiError(prices.error, source) : undefined
  const clearFilters = () => update({ chainIds: [], tokens: [], filterEmpty: false })
  // The value charts' code loads while the account's balances are read, not with the page.
  useEffect(() => {
    if (account !== undefined) void loadValueDonut()
  }, [account])

  return (
    // On a phone the balances come first, their totals above the fold; the account and the filters
    // follow. On a wide screen both fit above the fold in reading order.
    <div className="flex flex-col">
      <section
        aria-label="Account and filters"
        className="mt-6 grid gap-6 rounded-xl border border-zinc-200 bg-white p-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] dark:border-zinc-800 dark:bg-zinc-900"
      >
        <AccountForm
          key={params.address ?? ''}
          address={params.address}
          wallet={wallet}
          error={advice?.action === 'fix-address' ? advice.detail : undefined}
          onSubmit={(address) => update({ address })}
        />
        <PortfolioFilters params={params} onChange={update} onClear={clearFilters} />
      </section>

      {account === undefined ? (
        <NoAccount />
      ) : (
        <div className="mt-6 grid gap-6 max-lg:order-first">
          {advice?.action !== 'fix-address' && (
            <ReadStatus
              account={account}
              isWallet={params.address === undefined}
              updatedAt={portfolio.dataUpdatedAt}
              blocks={portfolio.data?.blocks}
              fetching={portfolio.isFetching || prices.isFetching}
              onRefresh={() => void Promise.all([portfolio.refetch(), prices.refetch()])}
            />
          )}
          {advice && advice.action !== 'fix-address' && (
            <PortfolioError advice={advice} onRetry={() => void portfolio.refetch()} onClearFilters={clearFilters} />
          )}
          {portfolio.isPending && !advice && <TableSkeleton />}
          {rows && !advice && holdsNothing(rows) && (
            <NoBalances filtered={hasFilters(params)} onClearFilters={clearFilters} />
          )}
          {rows && !advice && !holdsNothing(rows) && (
            <>
              <ValueSummary rows={rows} pricesPending={prices.isPending} pricesProblem={priceAdvice?.title} />
              <ChainView rows={rows} changes={changes} />
              <BalanceTable rows={rows} />
            </>
          )}
        </div>
      )}
    </div>
  )
}
