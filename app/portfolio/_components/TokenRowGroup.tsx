'use client'
// A token's row and, when expanded, its per-chain rows: each chain by name, and the token by
// symbol and address (native ETH has none).
import { useId, useState } from 'react'
import { type Amounts, heldChainCount, type TokenRow } from '@/lib/ui/portfolio/portfolioRows'
import { shortAddress } from '@/lib/ui/shared/formatAddress'
import { formatAmount } from '@/lib/ui/shared/formatAmount'
import { formatUsd } from '@/lib/ui/shared/usdValue'

const td = 'px-2 py-3 text-right tabular-nums align-top sm:px-3'

export function TokenRowGroup({ row }: { row: TokenRow }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const amount = (v: bigint) => formatAmount(v, row.decimals)
  const chainCount = heldChainCount(row)
  return (
    <>
      <tbody className="border-b border-zinc-100 dark:border-zinc-800">
        <tr data-token={row.tokenName}>
          <th scope="row" className="px-2 py-3 text-left align-top font-normal sm:px-3">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={id}
              onClick={() => setOpen((o) => !o)}
              className="-mx-1 inline-flex items-center gap-1.5 rounded px-1 font-semibold focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className={`size-4 transition-transform ${open ? 'rotate-90' : ''}`}
              >
                <path fill="none" stroke="currentColor" strokeWidth="2" d="m7 5 5 5-5 5" />
              </svg>
              {row.tokenName}
              <span className="sr-only">, {open ? 'hide' : 'show'} balance per chain</span>
            </button>
            <span className="block pl-6 text-xs text-zinc-600 dark:text-zinc-400">
              {chainCount === 0 ? 'none held' : `on ${chainCount} ${chainCount === 1 ? 'chain' : 'chains'}`}
            </span>
          </th>
          <AmountCells amounts={row.amounts} format={amount} />
          <td className={td}>{row.usd ? formatUsd(row.usd.total) : <Unpriced />}</td>
        </tr>
      </tbody>
      <tbody
        id={id}
        hidden={!open}
        className="border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950/60"
      >
        {row.chains.map((c) => (
          <tr key={`${c.chainId}:${c.tokenAddress}`} data-chain={c.chainName}>
            <th scope="row" className="py-2.5 pr-2 pl-6 text-left align-top font-normal sm:pr-3 sm:pl-9">
              <span className="block font-medium">{c.chainName}</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                {c.tokenSymbol} ·{' '}
                {c.native ? (
                  'native'
                ) : (
                  <span className="font-mono" title={c.tokenAddress}>
                    {shortAddress(c.tokenAddress)}
                  </span>
                )}
              </span>
            </th>
            <AmountCells amounts={c.amounts} format={amount} />
            <td className={td}>{c.usd ? formatUsd(c.usd.total) : <Unpriced />}</td>
          </tr>
        ))}
      </tbody>
    </>
  )
}

function AmountCells({ amounts, format }: { amounts: Amounts; format: (v: bigint) => string }) {
  return (
    <>
      <td className={td} data-column="total">
        <span className="block font-medium">{format(amounts.total)}</span>
        {/* Phones have no room for the next two columns: the split folds under the total. */}
        <span className="block text-xs whitespace-nowrap text-zinc-600 sm:hidden dark:text-zinc-400">
          {format(amounts.unlocked)} unlocked
          <br />
          {format(amounts.locked)} locked
        </span>
      </td>
      <td className={`${td} hidden sm:table-cell`} data-column="unlocked">
        {format(amounts.unlocked)}
      </td>
      <td className={`${td} hidden sm:table-cell`} data-column="locked">
        {format(amounts.locked)}
      </td>
    </>
  )
}

function Unpriced() {
  return (
    <span className="text-zinc-600 dark:text-zinc-400">
      <span aria-hidden="true">—</span>
      <span className="sr-only">no price</span>
    </span>
  )
}
