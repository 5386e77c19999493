import Link from 'next/link'
import { buttonStyles } from '@/components/buttonStyles'
import { EndpointCard } from '@/components/EndpointCard'
import { chains } from '@/lib/core/chains/chains'
import { tokensOnChain } from '@/lib/core/tokens/tokens'

export default function HomePage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight">Intent Router</h1>
      <p className="mt-3 max-w-2xl text-zinc-700 dark:text-zinc-300">
        Cross-chain intent routing and portfolio service. Balances are read live from each chain: unlocked ERC-20 and native balances, and resource locks held in The Compact.
      </p>

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="portfolio-card" className="rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
          <h2 id="portfolio-card" className="font-semibold">
            Portfolio
          </h2>
          <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">See any account’s balances on every supported chain, locked and unlocked, with their USD value and where they sit.</p>
          <Link href="/portfolio" className={`${buttonStyles.primary} mt-4`}>
            Open the portfolio
          </Link>
        </section>
        <section aria-labelledby="route-card" className="rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
          <h2 id="route-card" className="font-semibold">
            Route builder
          </h2>
          <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
            Ask for tokens on one chain and get a signable route that draws on balances across all of them; inspect every part of it, then sign. Past routes are in the{' '}
            <Link className="underline" href="/history">
              history
            </Link>
            .
          </p>
          <Link href="/route" className={`${buttonStyles.primary} mt-4`}>
            Build a route
          </Link>
        </section>
      </div>

      <h2 className="mt-10 text-lg font-semibold">API</h2>
      <ul className="mt-3 grid gap-3">
        <EndpointCard
          method="GET"
          path="/api/v1/accounts/{userAddress}/portfolio"
          summary="Locked and unlocked balances per token, aggregated and per chain. Filters: chainIds, tokens (chain:token), filterEmpty. Requires x-api-key."
        />
        <EndpointCard
          method="POST"
          path="/api/v1/intents/route"
          summary="A signable cross-chain route for the tokens wanted on a destination chain, priced from live chain state. Requires x-api-key."
        />
        <EndpointCard method="GET" path="/api/v1/accounts/{userAddress}/routes" summary="The routes issued for an account, newest first, with cursor pagination. Requires x-api-key." />
        <EndpointCard method="GET" path="/api/v1/openapi.json" summary="The OpenAPI 3.1 document of this API; rendered at /docs." />
      </ul>

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
    </main>
  )
}
