import type { ReactNode } from 'react'
// A check's outcome as a badge: verified, failed, or still being checked. Words, not just colour.
export type VerdictProps = { status: 'ok' | 'bad' | 'pending'; children: ReactNode }

const styles = {
  ok: 'bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100',
  bad: 'bg-red-100 text-red-950 dark:bg-red-950 dark:text-red-100',
  pending: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
} as const

const marks = { ok: '✓', bad: '✗', pending: '…' } as const

export function Verdict({ status, children }: VerdictProps) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${styles[status]}`}>
      <span aria-hidden="true">{marks[status]}</span>
      {children}
    </span>
  )
}
