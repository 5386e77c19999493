import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query'
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { prefetchPortfolio } from '@/lib/server/portfolioPrefetch'
import { PortfolioView } from './_components/PortfolioView'

export const metadata: Metadata = { title: 'Portfolio' }

export default async function PortfolioPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  // A shared link's account is read here, so its balances are in the HTML (see portfolioPrefetch.ts).
  const prefetched = await prefetchPortfolio(await searchParams, await headers())
  const queryClient = new QueryClient()
  if (prefetched) queryClient.setQueryData(prefetched.queryKey, prefetched.data)
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Portfolio</h1>
      <p className="mt-2 max-w-3xl text-zinc-700 dark:text-zinc-300">
        Balances across Ethereum, OP Mainnet, Base and Arbitrum One, read live from each chain: what can be spent now
        (unlocked) and what sits in resource locks in The Compact (locked).
      </p>
      {/* No Suspense boundary around the view: its HTML (with the balances read above) is part of the
          page's first flush. Inside a boundary it is streamed after the shell, and React reveals a
          streamed boundary up to 300 ms after the shell's first paint. */}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <PortfolioView />
      </HydrationBoundary>
    </main>
  )
}
