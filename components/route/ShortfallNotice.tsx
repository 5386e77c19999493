// The answer when the account cannot cover the request: no route, and exactly what is missing.
import { Section } from '@/components/Section'
import type { RouteResponse } from '@/lib/api/routeResponse'
import { formatUsdNumber } from '@/lib/ui/route/routeSummary'
import { shortfallRows } from '@/lib/ui/route/shortfall'
import { formatTokenAmount } from '@/lib/ui/shared/tokenAmount'

const th = 'px-2 py-2 text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400'
const td = 'px-2 py-2 text-right tabular-nums'

export function ShortfallNotice({ cost }: { cost: RouteResponse['intentCost'] }) {
  const { rows, totalUsd } = shortfallRows(cost)
  return (
    <Section
      title="Not enough funds for this route"
      description={`The chains and tokens this request may draw on cannot cover it, fees included. Missing in total: ${formatUsdNumber(totalUsd)}.`}
      className="border-amber-300 dark:border-amber-800"
    >
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] border-collapse text-sm" data-testid="shortfall">
          <caption className="sr-only">What is missing per token</caption>
          <thead>
            <tr className="border-b border-zinc-200 text-left dark:border-zinc-800">
              <th scope="col" className={th}>
                Token
              </th>
              <th scope="col" className={`${th} text-right`}>
                Asked
              </th>
              <th scope="col" className={`${th} text-right`}>
                Fee
              </th>
              <th scope="col" className={`${th} text-right`}>
                Available
              </th>
              <th scope="col" className={`${th} text-right`}>
                Missing
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.missing.token} className="border-b border-zinc-100 dark:border-zinc-800">
                <th scope="row" className="px-2 py-2 text-left font-medium">
                  {r.missing.symbol}{' '}
                  <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">
                    on {r.missing.chainName}
                  </span>
                </th>
                <td className={td}>{formatTokenAmount(r.target)}</td>
                <td className={td}>{formatTokenAmount(r.fee)}</td>
                <td className={td}>{formatTokenAmount(r.available)}</td>
                <td className={`${td} font-semibold`}>
                  {formatTokenAmount(r.missing)}
                  <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">
                    {formatUsdNumber(r.missingUsd)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-300">
        Available is what one route can draw, the same figure as beside the amount: unlocked funds or funds locked in
        The Compact, never both, less the gas kept back from ETH.
      </p>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
        Ask for less, allow more chains or tokens in the access list, or add funds, then build the route again.
      </p>
    </Section>
  )
}
