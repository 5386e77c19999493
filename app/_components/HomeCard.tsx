// One card of Home: a titled section, and the two ways on from it that Home offers twice (before a
// wallet connects and beside its funds).
import Link from 'next/link'
import type { ReactNode } from 'react'
import { buttonStyles } from '@/components/buttonStyles'

export function HomeCard({
  id,
  title,
  testId,
  className = '',
  children,
}: {
  id: string
  title: ReactNode
  testId?: string
  className?: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`grid content-start gap-3 rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900 ${className}`}
      data-testid={testId}
    >
      <h2 id={`${id}-heading`} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

export function MoveFundsLinks() {
  return (
    <div className="flex flex-wrap gap-2">
      <Link href="/route" className={buttonStyles.primary}>
        Move funds
      </Link>
      <Link href="/portfolio" className={buttonStyles.secondary}>
        Open the portfolio
      </Link>
    </div>
  )
}
