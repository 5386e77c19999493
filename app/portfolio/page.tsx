import type { Metadata } from 'next'
import { Suspense } from 'react'
import { PortfolioView } from './_components/PortfolioView'
import { TableSkeleton } from './_components/TableSkeleton'

export const metadata: Metadata = { title: 'Portfolio' }

export default function PortfolioPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Portfolio</h1>
      <p className="mt-2 max-w-3xl text-zinc-700 dark:text-zinc-300">
        Balances across Ethereum, OP Mainnet, Base and Arbitrum One, read live from each chain: what can be spent now (unlocked) and what sits in resource locks in The Compact (locked).
      </p>
      {/* The view reads its state from the URL, which is only known in the browser's request. */}
      <Suspense fallback={<TableSkeleton />}>
        <PortfolioView />
      </Suspense>
    </main>
  )
}
