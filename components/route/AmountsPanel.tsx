// One side of a route at a glance — what is paid or what is received — as token amounts with their
// icons and chains. The route card and the summary both show the pay and receive sides with it.
import { ChainIcon, TokenIcon } from '@/components/ChainIcon'
import { formatTokenAmount, type TokenAmount } from '@/lib/ui/shared/tokenAmount'

export type AmountsPanelProps = {
  title: string
  amounts: readonly TokenAmount[]
  testId: string
  // A line under the amounts, e.g. who receives them.
  note?: string | undefined
  // The card's amounts are larger than the summary's.
  size?: 'base' | 'large'
  // What to say when there are none (a call-only action moves no tokens).
  empty?: string | undefined
}

export function AmountsPanel({ title, amounts, testId, note, size = 'base', empty }: AmountsPanelProps) {
  return (
    <div className="rounded-lg bg-zinc-50 p-3 dark:bg-zinc-950/60" data-testid={testId}>
      <h3 className={`${size === 'large' ? 'text-xs' : 'text-sm'} font-medium text-zinc-600 dark:text-zinc-400`}>
        {title}
      </h3>
      {amounts.length === 0 && empty && <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{empty}</p>}
      <ul className="mt-1 grid gap-1">
        {amounts.map((a) => (
          <li key={`${a.chainId}:${a.token}`} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span
              className={`inline-flex items-center gap-1.5 ${size === 'large' ? 'text-lg' : 'text-base'} font-semibold tabular-nums`}
            >
              <TokenIcon symbol={a.symbol} />
              {formatTokenAmount(a)}
            </span>
            <span className="inline-flex items-center gap-1 text-sm text-zinc-700 dark:text-zinc-300">
              on <ChainIcon chainId={a.chainId} />
              {a.chainName}
            </span>
          </li>
        ))}
      </ul>
      {note && <p className="mt-1 text-xs break-all text-zinc-600 dark:text-zinc-400">{note}</p>}
    </div>
  )
}
