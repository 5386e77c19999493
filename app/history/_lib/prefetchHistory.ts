import 'server-only'
// The history page's first render reads the signed-in wallet's first page of routes, and its
// intents, on the server, so they arrive in the HTML instead of in requests the browser makes only
// after hydrating. It reads exactly what the browser would ask the API with the dashboard's key:
// the session the cookie names (checked against the session store), the same account rule, the
// same parameters, the same per-client budget, the same handlers' reads, each answer checked with
// the schema the browser checks it with. Anything else — signed out, another account in the URL,
// an exhausted budget, a slow database, any failure — leaves the reads to the browser, as before.
import type { Address } from 'viem'
import { accountIntentsPath } from '@/lib/api/client/intentApi'
import { routeHistoryPath } from '@/lib/api/client/routeApi'
import { listIntents, listRoutes } from '@/lib/api/operations'
import { requireAccount } from '@/lib/server/accountAccess'
import { browserKeyHash, type Caller, configuredCaller } from '@/lib/server/apiKeys'
import { consumeBrowserBudget } from '@/lib/server/browserBudget'
import { clientAddress } from '@/lib/server/clientAddress'
import { clientNetwork } from '@/lib/server/clientNetwork'
import { serverContext } from '@/lib/server/context'
import { intentHistory } from '@/lib/server/intents'
import { logger } from '@/lib/server/logger'
import { routeHistory } from '@/lib/server/routeHistory'
import { currentSession } from '@/lib/server/session'

/** How long the page waits for the reads before leaving them to the browser. */
const PREFETCH_WAIT_MS = 1_500

type SearchParams = Record<string, string | string[] | undefined>

export type PrefetchedHistory = {
  /** The wallet the session cookie signs in, as the server checked it. */
  signedIn: Address
  /** Whose history was read: `?address=` as the page reads it, else the signed-in wallet. */
  account: string
  routes: unknown
  intents: unknown
}

export async function prefetchHistory(search: SearchParams, headers: Headers): Promise<PrefetchedHistory | undefined> {
  // Only for a page loaded as a document, where it is what the first paint shows. A navigation
  // inside the app (its React Server Components fetch: `Sec-Fetch-Dest: empty`) shows the page at
  // once and the browser reads and keeps the history itself, as it does for every later page.
  const dest = headers.get('sec-fetch-dest')
  if (dest !== null && dest !== 'document') return undefined
  try {
    const ctx = serverContext()
    if (!ctx.browserKey) return undefined
    const session = await currentSession(headers)
    if (!session) return undefined
    const caller: Caller = { ...configuredCaller(browserKeyHash(ctx.browserKey)), wallet: session.address }
    const account = [search.address].flat()[0]?.trim() || session.address
    requireAccount(caller, account, { task: 'read route history', field: 'userAddress' })
    const routesQuery = parse(listRoutes, routeHistoryPath(account), account)
    const intentsQuery = parse(listIntents, accountIntentsPath(account), account)
    if (!routesQuery || !intentsQuery) return undefined
    const client = clientNetwork(clientAddress(headers, ctx.trustedProxies))
    const rates = { perClient: ctx.browserRateClient, total: ctx.browserRateTotal }
    // Two reads the browser no longer makes.
    await consumeBrowserBudget(ctx.rateLimiter, client, rates)
    await consumeBrowserBudget(ctx.rateLimiter, client, rates)
    const read = await Promise.race([
      Promise.all([
        routeHistory(routesQuery.userAddress, caller, routesQuery),
        intentHistory(intentsQuery.userAddress, caller, intentsQuery),
      ]),
      new Promise<undefined>((resolve) => setTimeout(resolve, PREFETCH_WAIT_MS)),
    ])
    if (!read) throw new Error(`no answer within ${PREFETCH_WAIT_MS} ms`)
    return {
      signedIn: session.address,
      account,
      // As the browser would receive them: JSON, checked with the answers' schemas.
      routes: listRoutes.response.parse(JSON.parse(JSON.stringify(read[0]))),
      intents: listIntents.response.parse(JSON.parse(JSON.stringify(read[1]))),
    }
  } catch (error) {
    logger.info(
      { reason: error instanceof Error ? error.message : String(error) },
      'history page left the reads to the browser',
    )
    return undefined
  }
}

/** The query the API would parse from the browser's request path. */
function parse(operation: typeof listRoutes | typeof listIntents, path: string, account: string) {
  const query = operation.parameters.safeParse({
    ...Object.fromEntries(new URL(path, 'http://page').searchParams),
    userAddress: account,
  })
  return query.success ? query.data : undefined
}
