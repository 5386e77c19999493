// The chain facts the route was priced on, as the service signed them: USD prices, gas prices,
// OP-stack L1 fee parameters, and what it read about each account.
import { Address } from '@/components/DataList'
import { Section } from '@/components/Section'
import type { RouteResponse } from '@/lib/api/routeResponse'
import { formatUsdPrice, signedMetadataView } from '@/lib/ui/route/signedMetadataView'

const table = 'w-full text-left text-sm'
const th = 'py-1.5 pr-3 font-medium text-zinc-600 dark:text-zinc-400'
const td = 'py-1.5 pr-3 tabular-nums'

export function SignedMetadataSection({ metadata }: { metadata: NonNullable<RouteResponse['intentOp']>['signedMetadata'] }) {
  const view = signedMetadataView(metadata)
  return (
    <Section title="Signed metadata" description="What the route was priced on, as read from the chains and covered by the server signature.">
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="min-w-0 overflow-x-auto">
          <table className={table}>
            <caption className="mb-1 text-left text-sm font-medium">Gas prices</caption>
            <thead>
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th scope="col" className={th}>
                  Chain
                </th>
                <th scope="col" className={th}>
                  Gas price
                </th>
              </tr>
            </thead>
            <tbody>
              {view.gasPrices.map((g) => (
                <tr key={g.chainId} className="border-b border-zinc-100 dark:border-zinc-800">
                  <td className={td}>{g.chainName}</td>
                  <td className={td}>{g.gwei} gwei</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-sm">
            <span className="font-medium">USD prices: </span>
            {view.prices.map((p) => `${p.symbol} ${formatUsdPrice(p.usd)}`).join(' · ')}
          </p>
        </div>
        <div className="min-w-0 overflow-x-auto">
          <table className={table}>
            <caption className="mb-1 text-left text-sm font-medium">OP-stack L1 fee parameters</caption>
            <thead>
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th scope="col" className={th}>
                  Chain
                </th>
                <th scope="col" className={th}>
                  L1 base fee
                </th>
                <th scope="col" className={th}>
                  Blob base fee
                </th>
                <th scope="col" className={th}>
                  Scalars (base, blob)
                </th>
              </tr>
            </thead>
            <tbody>
              {view.l1Params.map((p) => (
                <tr key={p.chainId} className="border-b border-zinc-100 dark:border-zinc-800">
                  <td className={td}>{p.chainName}</td>
                  <td className={td}>{p.l1BaseFeeGwei} gwei</td>
                  <td className={td}>{p.l1BlobBaseFee} wei</td>
                  <td className={td}>
                    {p.baseFeeScalar}, {p.blobFeeScalar}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {view.estimatedCalldataSize !== undefined && <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">L1 data fees assume {view.estimatedCalldataSize} bytes of calldata.</p>}
        </div>
      </div>
      <h3 className="mt-5 text-sm font-medium">Accounts as read from each chain</h3>
      <ul className="mt-1 grid gap-2 sm:grid-cols-2">
        {view.accounts.map((a) => (
          <li key={a.who} className="rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-950/60">
            <p className="font-medium">
              {a.who === 'account' ? 'Account' : 'Recipient'} ({a.accountType})
            </p>
            <Address value={a.address} />
            <ul className="mt-1 grid gap-0.5">
              {a.chains.map((c) => (
                <li key={c.chainId}>
                  {c.chainName}: {c.context}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  )
}
