'use client'
// A form group that folds away when unused: it opens itself when a field inside needs attention.
import { type ReactNode, useState } from 'react'

export type DisclosureProps = {
  title: string
  summary?: string
  forceOpen: boolean
  children: ReactNode
  testId?: string
}

export function Disclosure({ title, summary, forceOpen, children, testId }: DisclosureProps) {
  const [open, setOpen] = useState(false)
  return (
    <details
      open={open || forceOpen}
      data-testid={testId}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="group rounded-lg border border-zinc-200 dark:border-zinc-800"
    >
      <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3 rounded-lg px-3 py-2.5 focus-visible:outline-2 focus-visible:outline-indigo-600">
        <span className="font-medium">
          <span aria-hidden="true" className="mr-1.5 inline-block transition-transform group-open:rotate-90">
            ›
          </span>
          {title}
        </span>
        {summary && <span className="text-sm text-zinc-600 dark:text-zinc-400">{summary}</span>}
      </summary>
      <div className="grid gap-4 px-3 pt-1 pb-4">{children}</div>
    </details>
  )
}
