import 'server-only'
import { portfolioApiPath, portfolioQueryKey, readPortfolioParams } from '../api/client/portfolioQuery'
// The portfolio page's first render reads the shared account's balances on the server, so they
// arrive in the HTML instead of in a request the browser makes only after hydrating. It reads
// exactly what the browser would ask the API with the dashboard's key (same parameters, same
// per-client budget); anything else — no address in the URL, a parameter the API would refuse, an
// exhausted budget, a slow chain — leaves the read to the browser, which shows the API's answer.
import { getPortfolio as operation } from '../api/operations'
import type { PortfolioResponse } from '../api/portfolio'
import { consumeBrowserBudget } from './browserBudget'
import { clientAddress } from './clientAddress'
import { clientNetwork } from './clientNetwork'
import { serverContext } from './context'
import { logger } from './logger'
import { readPortfolio } from './portfolio'

/** How long the page waits for the chains before leaving the read to the browser. */
const PREFETCH_WAIT_MS = 1_500

type SearchParams = Record<string, string | string[] | undefined>

export async function prefetchPortfolio(
  search: SearchParams,
  headers: Headers,
): Promise<{ queryKey: readonly unknown[]; data: PortfolioResponse } | undefined> {
  const ctx = serverContext()
  if (!ctx.browserKey) return undefined
  const view = readPortfolioParams({ get: (name) => [search[name]].flat()[0] ?? null })
  if (!view.address) return undefined
  const path = portfolioApiPath(view.address, view)
  const query = operation.parameters.safeParse({
    ...Object.fromEntries(new URL(path, 'http://page').searchParams),
    userAddress: view.address,
  })
  if (!query.success) return undefined
  try {
    const client = clientNetwork(clientAddress(headers, ctx.trustedProxies))
    const rates = { perClient: ctx.browserRateClient, total: ctx.browserRateTotal }
    await consumeBrowserBudget(ctx.rateLimiter, client, rates)
    const read = await Promise.race([
      readPortfolio(query.data),
      new Promise<undefined>((resolve) => setTimeout(resolve, PREFETCH_WAIT_MS)),
    ])
    return read && { queryKey: portfolioQueryKey(path, 'app'), data: read.body }
  } catch (error) {
    logger.info(
      { reason: error instanceof Error ? error.message : String(error) },
      'portfolio page left the read to the browser',
    )
    return undefined
  }
}
