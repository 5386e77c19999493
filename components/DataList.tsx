// Label/value pairs (a <dl>): side by side on wide screens, stacked on phones.
import type { ReactNode } from 'react'

export type DataListProps = {
  items: readonly { label: ReactNode; value: ReactNode; key?: string }[]
  className?: string
}

export function DataList({ items, className }: DataListProps) {
  return (
    <dl className={`grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] ${className ?? ''}`}>
      {items.map((item, i) => (
        <div key={item.key ?? i} className="contents">
          <dt className="text-zinc-600 dark:text-zinc-400">{item.label}</dt>
          <dd className="min-w-0 wrap-anywhere">{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** An address in full (wrapping where it must), for reading and copying. */
export function Address({ value }: { value: string }) {
  return <span className="font-mono text-[0.8125rem] break-all">{value}</span>
}
