'use client'
// The account's holdings of the requested asset, from the live portfolio (the portfolio page's
// query, so both pages share one cache entry per account), as the amount field shows them, with
// the asset's USD price.
import { useMemo } from 'react'
import { isAddress } from 'viem'
import type { TokenInfo } from '@/lib/core/tokens/tokens'
import { type AvailableBalance, availableBalance } from '@/lib/ui/portfolio/availableBalance'
import { usdPriceMap } from '@/lib/ui/portfolio/portfolioRows'
import { usePortfolio, usePrices, wholePortfolio } from '@/lib/ui/portfolio/usePortfolioData'
import type { RouteForm } from '@/lib/ui/route/routeForm'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { describeApiError, type ErrorAdvice } from '@/lib/ui/shared/describeApiError'
import type { UsdPrice } from '@/lib/ui/shared/usdValue'

export type AvailableBalanceQuery =
  | { status: 'no-account' }
  | { status: 'loading' }
  | { status: 'error'; advice: ErrorAdvice; retry: () => void }
  | { status: 'ready'; balance: AvailableBalance; usdPrice: UsdPrice | undefined }

export function useAvailableBalance(
  account: string,
  token: TokenInfo | undefined,
  access: RouteForm['access'],
  funding: RouteForm['funding'] = '',
): AvailableBalanceQuery {
  const { source } = useApiKey()
  const address = isAddress(account) ? account : undefined
  const portfolio = usePortfolio(address, wholePortfolio)
  const { data, error, refetch } = portfolio
  // The asset's USD price, for the value beside amounts (the portfolio page's query and cache).
  const prices = usePrices(address !== undefined)
  const usdPrice = token ? usdPriceMap(prices.data)[token.extensions.group] : undefined
  return useMemo((): AvailableBalanceQuery => {
    if (!address || !token) return { status: 'no-account' }
    if (data)
      return { status: 'ready', balance: availableBalance({ portfolio: data, token, access, funding }), usdPrice }
    if (error) return { status: 'error', advice: describeApiError(error, source), retry: () => void refetch() }
    return { status: 'loading' }
  }, [address, token, access, funding, data, error, refetch, source, usdPrice])
}
