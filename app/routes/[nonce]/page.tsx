// One issued route on its own page, /routes/{nonce}?account=0x…: a link that can be shared and
// reopened by whoever may read that account's routes (with the dashboard's key: signed in as it).
import type { Metadata } from 'next'
import Link from 'next/link'
import { Suspense } from 'react'
import { buttonStyles } from '@/components/buttonStyles'
import { StoredRouteView } from './_components/StoredRouteView'

type Params = { nonce: string }

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { nonce } = await params
  return { title: `Route ${nonce.length > 16 ? `${nonce.slice(0, 10)}…` : nonce}` }
}

export default async function StoredRoutePage({ params }: { params: Promise<Params> }) {
  const { nonce } = await params
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Issued route</h1>
      <p className="mt-2 flex flex-wrap items-center gap-3">
        <Link href="/history" className={buttonStyles.quiet}>
          ← Route history
        </Link>
      </p>
      {/* The account comes from the URL (or the signed-in wallet), known only in the browser's request. */}
      <Suspense
        fallback={
          <p className="mt-6" role="status">
            Loading…
          </p>
        }
      >
        <StoredRouteView nonce={decodeURIComponent(nonce)} />
      </Suspense>
    </main>
  )
}
