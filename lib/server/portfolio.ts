import 'server-only'
// An account's portfolio as GET /accounts/{userAddress}/portfolio answers it, read once for both the
// handler and the portfolio page's first render (which hands it to the browser's query cache, so
// the balances are in the page's HTML instead of a request after hydration), and the answer the handler gives.
import type { z } from 'zod'
import type { getPortfolio as operation } from '../api/operations'
import { type PortfolioResponse, serializePortfolio } from '../api/portfolio'
import type { ChainWarning } from '../core/chainState/settleChains'
import { getPortfolio } from '../core/portfolio/getPortfolio'
import { serverContext } from './context'
import { jsonWithWarnings } from './http'

export type PortfolioQuery = z.output<typeof operation.parameters>

/** The answer's body, and the chains it leaves out: those that did not answer, those not served here. */
export type PortfolioRead = {
  body: PortfolioResponse
  warnings: readonly ChainWarning[]
  unsupportedChainIds: readonly number[]
}

export async function readPortfolio(query: PortfolioQuery): Promise<PortfolioRead> {
  const ctx = serverContext()
  const { entries, warnings, blocks, unsupportedChainIds } = await getPortfolio({
    ...query,
    account: query.userAddress,
    readers: ctx.readers,
    lockTags: ctx.lockTags,
    cache: { balances: ctx.caches.balances, maxAgeMs: ctx.caches.balanceMaxAgeMs },
  })
  return { body: serializePortfolio(entries, warnings, blocks, unsupportedChainIds), warnings, unsupportedChainIds }
}

/** The portfolio as answered: the chains left out are named in headers as well as in the body
 * (x-unavailable-chains: did not answer; x-unsupported-chains: named by a filter, not served here). */
export function portfolioResponse({ body, warnings, unsupportedChainIds }: PortfolioRead): Response {
  const response = jsonWithWarnings(body, warnings)
  if (unsupportedChainIds.length > 0) response.headers.set('x-unsupported-chains', unsupportedChainIds.join(','))
  return response
}
