'use client'
// The two reads behind the page: the account's portfolio (with the view's filters) and USD prices.
// Client errors (4xx) are final; a busy chain or a dropped connection gets one more try.
import { useQuery } from '@tanstack/react-query'
import { fetchApi } from '@/lib/api/client/fetchApi'
import { type PortfolioParams, portfolioApiPath, portfolioQueryKey } from '@/lib/ui/portfolio/portfolioParams'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { retryTransient } from '@/lib/ui/shared/retryTransient'

export function usePortfolio(address: string | undefined, params: PortfolioParams) {
  const { key, source } = useApiKey()
  return useQuery(portfolioQuery(address, params, { key, source }))
}

/** The portfolio read as a query (key, fetch, retries), for the hook and for a one-off read of the cache. */
export function portfolioQuery(
  address: string | undefined,
  params: PortfolioParams,
  { key, source }: { key: string | undefined; source: string },
) {
  const path = address ? portfolioApiPath(address, params) : undefined
  return {
    queryKey: portfolioQueryKey(path ?? '', source),
    queryFn: ({ signal }: { signal: AbortSignal }) => {
      if (path === undefined) throw new Error('portfolioQuery: read without an address (the query is off then)')
      return fetchApi({ path, schema: (s) => s.portfolioResponseSchema, apiKey: key, signal })
    },
    enabled: path !== undefined,
    retry: retryTransient,
    staleTime: 15_000,
  }
}

/** The whole portfolio, unfiltered: the route builder's and Home's read (one cache entry per account). */
export const wholePortfolio: PortfolioParams = { chainIds: [], tokens: [], filterEmpty: false }

export function usePrices(enabled: boolean) {
  const { key, source } = useApiKey()
  return useQuery({
    queryKey: ['prices', source],
    queryFn: ({ signal }) =>
      fetchApi({ path: '/api/v1/prices', schema: (s) => s.pricesResponseSchema, apiKey: key, signal }),
    enabled,
    retry: retryTransient,
    staleTime: 60_000,
  })
}
