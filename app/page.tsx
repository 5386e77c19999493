import Link from 'next/link'
import { chains } from '@/lib/core/chains/chains'
import { tokensOnChain } from '@/lib/core/tokens/tokens'
import { HomeSummary } from './_components/HomeSummary'

export default function HomePage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight">Intent Router</h1>
      <p className="mt-3 max-w-2xl text-zinc-700 dark:text-zinc-300">
        Your tokens on every chain in one place, and where you need them in one signature: ask for an amount on one
        chain and the route draws on what you hold on the others.
      </p>

      <HomeSummary />

      <h2 className="mt-10 text-lg font-semibold">Supported chains</h2>
      <table className="mt-3 w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th className="py-2 pr-4 font-medium">Chain</th>
            <th className="py-2 pr-4 font-medium">Id</th>
            <th className="py-2 font-medium">Tokens</th>
          </tr>
        </thead>
        <tbody>
          {chains.map((c) => (
            <tr key={c.id} className="border-b border-zinc-100 dark:border-zinc-900">
              <td className="py-2 pr-4">{c.name}</td>
              <td className="py-2 pr-4 font-mono">{c.id}</td>
              <td className="py-2">
                {tokensOnChain(c.id)
                  .map((t) => t.symbol)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6 text-sm text-zinc-700 dark:text-zinc-300">
        Building on the API? Its endpoints, examples and how to get a key are in the{' '}
        <Link className="underline" href="/docs">
          API docs
        </Link>
        .
      </p>
    </main>
  )
}
