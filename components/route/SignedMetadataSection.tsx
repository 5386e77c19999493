// The chain facts the route was priced on, as the service signed them: USD prices, gas prices,
// OP-stack L1 fee parameters, and what it read about each account.
import { Address } from '@/components/DataList'
import { Section } from '@/components/Section'
import type { RouteResponse } from '@/lib/api/routeResponse'
import { formatUsdPrice, signedMetadataView } from '@/lib/ui/route/signedMetadataView'
import { FactTable } from './FactTable'

export function SignedMetadataSection({
  metadata,
}: {
  metadata: NonNullable<RouteResponse['intentOp']>['signedMetadata']
}) {
  const view = signedMetadataView(metadata)
  return (
    <Section
      title="Signed metadata"
      description="What the route was priced on, as read from the chains and covered by the server signature."
    >
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="min-w-0 overflow-x-auto">
          <FactTable
            caption="Gas prices"
            columns={['Chain', 'Gas price']}
            rows={view.gasPrices.map((g) => ({ key: g.chainId, cells: [g.chainName, `${g.gwei} gwei`] }))}
          />
          <p className="mt-3 text-sm">
            <span className="font-medium">USD prices: </span>
            {view.prices.map((p) => `${p.symbol} ${formatUsdPrice(p.usd)}`).join(' · ')}
          </p>
        </div>
        <div className="min-w-0 overflow-x-auto">
          <FactTable
            caption="OP-stack L1 fee parameters"
            columns={['Chain', 'L1 base fee', 'Blob base fee', 'Scalars (base, blob)']}
            rows={view.l1Params.map((p) => ({
              key: p.chainId,
              cells: [
                p.chainName,
                `${p.l1BaseFeeGwei} gwei`,
                `${p.l1BlobBaseFee} wei`,
                `${p.baseFeeScalar}, ${p.blobFeeScalar}`,
              ],
            }))}
          />
          {view.estimatedCalldataSize !== undefined && (
            <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
              L1 data fees assume {view.estimatedCalldataSize} bytes of calldata.
            </p>
          )}
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
