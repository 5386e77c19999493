'use client'
// The app's sections; the current one is marked for screen readers (aria-current) and by eye.
import Link from 'next/link'
import { usePathname } from 'next/navigation'

const links = [
  { href: '/', label: 'Home' },
  { href: '/portfolio', label: 'Portfolio' },
] as const

const item = 'rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'

export function MainNav() {
  const pathname = usePathname()
  return (
    <nav aria-label="Main">
      <ul className="flex items-center gap-1">
        {links.map((l) => {
          const current = l.href === '/' ? pathname === '/' : pathname.startsWith(l.href)
          return (
            <li key={l.href}>
              <Link
                href={l.href}
                aria-current={current ? 'page' : undefined}
                className={`${item} ${current ? 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900' : 'text-zinc-700 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800'}`}
              >
                {l.label}
              </Link>
            </li>
          )
        })}
        <li>
          {/* Not a link until the route builder ships: announced as unavailable, not focusable. */}
          <span aria-disabled="true" className={`${item} inline-flex cursor-not-allowed items-center gap-1.5 text-zinc-600 dark:text-zinc-400`}>
            Route builder
            <span className="rounded-full bg-zinc-200 px-1.5 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
              soon
            </span>
          </span>
        </li>
      </ul>
    </nav>
  )
}
