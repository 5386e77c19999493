'use client'
// The app's sections; the current one is marked for screen readers (aria-current) and by eye.
import Link from 'next/link'
import { usePathname } from 'next/navigation'

const links = [
  { href: '/', label: 'Home' },
  { href: '/portfolio', label: 'Portfolio' },
  { href: '/route', label: 'Route builder' },
  // An issued route's own page (/routes/{nonce}) is opened from the history.
  { href: '/history', label: 'History', also: '/routes' },
  { href: '/docs', label: 'API docs' },
] as const

const item =
  'rounded-md px-2.5 py-2 text-sm font-medium sm:px-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'

export function MainNav() {
  const pathname = usePathname()
  return (
    <nav aria-label="Main">
      <ul className="flex flex-wrap items-center gap-1 whitespace-nowrap">
        {links.map((l) => {
          const current =
            l.href === '/'
              ? pathname === '/'
              : [l.href, 'also' in l ? l.also : undefined].some(
                  (p) => p && (pathname === p || pathname.startsWith(`${p}/`)),
                )
          return (
            <li key={l.href}>
              {/* No prefetch: on load, five RSC requests would compete with the page's own data (bench: firstPaint). */}
              <Link
                href={l.href}
                prefetch={false}
                aria-current={current ? 'page' : undefined}
                className={`${item} ${current ? 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900' : 'text-zinc-700 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800'}`}
              >
                {l.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
