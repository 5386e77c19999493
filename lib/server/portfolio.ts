import 'server-only'
// An account's portfolio as GET /accounts/{userAddress}/portfolio answers it, read once for both the
// handler and the portfolio page's first render (which hands it to the browser's query cache, so
// the balances are in the page's HTML instead of a request after hydration).
import type { z } from 'zod'
import type { getPortfolio as operation } from '../api/operations'
import { type PortfolioResponse, serializePortfolio } from '../api/portfolio'
import type { ChainWarning } from '../core/chainState/settleChains'
import { getPortfolio } from '../core/portfolio/getPortfolio'
import { serverContext } from './context'

export type PortfolioQuery = z.output<typeof operation.parameters>

export async function readPortfolio(query: PortfolioQuery): Promise<{ body: PortfolioResponse; warnings: readonly ChainWarning[] }> {
  const ctx = serverContext()
  const { entries, warnings, blocks } = await getPortfolio({
    ...query,
    account: query.userAddress,
    readers: ctx.readers,
    lockTags: ctx.lockTags,
    cache: { balances: ctx.caches.balances, maxAgeMs: ctx.caches.balanceMaxAgeMs },
  })
  return { body: serializePortfolio(entries, warnings, blocks), warnings }
}
