import type { Metadata } from 'next'
import { EarlyReads } from '../_components/EarlyReads'
import { RouteBuilder } from './_components/RouteBuilder'

export const metadata: Metadata = { title: 'Route builder' }

export default function RoutePage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {/* The sign-in session starts reading before the scripts load (the sign-in notice needs it). */}
      <EarlyReads />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Route builder</h1>
      <p className="mt-2 max-w-3xl text-zinc-700 dark:text-zinc-300">
        Ask for tokens on one chain and get a route that draws on the account’s balances across all of them. The route
        is explained in full — what you pay, what arrives, every fee and exactly what your wallet will sign — before
        anything is signed.
      </p>
      <RouteBuilder />
    </main>
  )
}
