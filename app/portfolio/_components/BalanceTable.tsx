// One row per token (total, unlocked, locked, value), each expandable to its per-chain rows.
// On phones the unlocked and locked columns fold under the total.
import type { TokenRow } from '@/lib/ui/portfolio/portfolioRows'
import { TokenRowGroup } from './TokenRowGroup'

const th = 'px-2 py-2 text-xs font-semibold uppercase tracking-wide text-zinc-600 sm:px-3 dark:text-zinc-400'

export function BalanceTable({ rows }: { rows: readonly TokenRow[] }) {
  return (
    <section
      aria-labelledby="balances-heading"
      className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="balances-heading" className="px-4 pt-4 font-semibold">
        Balances
      </h2>
      <table className="mt-2 w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">
          Balances per token in token units, with their USD value. Expand a token for its balance on each chain.
        </caption>
        <thead>
          <tr className="border-b border-zinc-200 text-left dark:border-zinc-800">
            <th scope="col" className={`${th} w-[34%] sm:w-[28%]`}>
              Token
            </th>
            <th scope="col" className={`${th} text-right`}>
              Total
            </th>
            <th scope="col" className={`${th} hidden text-right sm:table-cell`}>
              Unlocked
            </th>
            <th scope="col" className={`${th} hidden text-right sm:table-cell`}>
              Locked
            </th>
            <th scope="col" className={`${th} text-right`}>
              Value
            </th>
          </tr>
        </thead>
        {rows.map((row) => (
          <TokenRowGroup key={row.tokenName} row={row} />
        ))}
      </table>
    </section>
  )
}
