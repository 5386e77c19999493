// A small captioned table of facts, one row per chain: the signed metadata's gas prices and
// L1 fee parameters.
import type { ReactNode } from 'react'

const th = 'py-1.5 pr-3 font-medium text-zinc-600 dark:text-zinc-400'
const td = 'py-1.5 pr-3 tabular-nums'

export function FactTable({
  caption,
  columns,
  rows,
}: {
  caption: string
  columns: string[]
  rows: { key: string | number; cells: ReactNode[] }[]
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-1 text-left text-sm font-medium">{caption}</caption>
      <thead>
        <tr className="border-b border-zinc-200 dark:border-zinc-800">
          {columns.map((c) => (
            <th key={c} scope="col" className={th}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-b border-zinc-100 dark:border-zinc-800">
            {r.cells.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
              <td key={i} className={td}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
