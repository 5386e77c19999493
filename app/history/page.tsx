import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query'
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { accountIntentsQueryKey, routeHistoryQueryKey } from '@/lib/ui/history/historyQueryKeys'
import { EarlyReads } from '../_components/EarlyReads'
import { HistoryView } from './_components/HistoryView'
import { prefetchHistory } from './_lib/prefetchHistory'

export const metadata: Metadata = { title: 'Route history' }

export default async function HistoryPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  // Signed in (the session cookie is the page's too), the first page of history is read here, so
  // its entries are in the HTML; otherwise the browser reads it after hydrating, as before.
  const prefetched = await prefetchHistory(await searchParams, await headers())
  const queryClient = new QueryClient()
  if (prefetched) {
    const { account } = prefetched
    queryClient.setQueryData(routeHistoryQueryKey(account, 'app'), { pages: [prefetched.routes], pageParams: [null] })
    queryClient.setQueryData(accountIntentsQueryKey(account, 'app'), prefetched.intents)
  }
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {/* The session, then the signed-in wallet's routes, start reading before the scripts load —
          the routes only when the server did not read them itself. */}
      <EarlyReads history={!prefetched} />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Route history</h1>
      <p className="mt-2 max-w-3xl text-zinc-700 dark:text-zinc-300">
        Every route the service issued for an account, newest first, with how far each got; a request asked again is one
        row. Open a route to inspect it on its own page (a link you can share); an expired route can be refreshed there
        with its original request.
      </p>
      {/* No Suspense boundary around the view: React hydrates a boundary after the rest of the page
          has committed, and the view's reads start only once it has hydrated. */}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <HistoryView server={prefetched && { signedIn: prefetched.signedIn, account: prefetched.account }} />
      </HydrationBoundary>
    </main>
  )
}
