// A titled card: the dashboard's unit of content. The heading labels the region for screen readers.
import { type ReactNode, useId } from 'react'

export type SectionProps = {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  level?: 2 | 3
  id?: string
  className?: string
  children?: ReactNode
}

export function Section({ title, description, actions, level = 2, id, className, children }: SectionProps) {
  const headingId = useId()
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`min-w-0 rounded-xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900 ${className ?? ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <Heading id={headingId} className="font-semibold">
            {title}
          </Heading>
          {description && <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children && <div className="mt-4">{children}</div>}
    </section>
  )
}
