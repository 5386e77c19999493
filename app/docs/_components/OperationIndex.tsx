'use client'
// The docs' navigation: a search box over every operation (method, path, what it does, its scope)
// and the list of them, each leading to its section in the reference. Rendered on the server too,
// so the list is in the HTML before the viewer's bundle arrives; on a phone it stacks above the
// reference, on a wide screen it stays beside it.
import { type MouseEvent, useId, useState } from 'react'
import { type IndexedOperation, matchesSearch } from '@/lib/ui/docs/operationSearch'

const methodColour: Record<string, string> = {
  GET: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  POST: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200',
  DELETE: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
}

/** Scrolls to the operation's section itself. The viewer draws its sections only once it has
 * loaded and lays them out after that, so the jump waits for the section to exist and keeps it in
 * view for a few seconds, unless the reader scrolls meanwhile. The hash is still set, so the link
 * can be shared. */
function scrollToSection(event: MouseEvent<HTMLAnchorElement>) {
  const hash = event.currentTarget.hash
  const id = decodeURIComponent(hash.slice(1))
  event.preventDefault()
  history.pushState(null, '', hash)
  const until = performance.now() + 5_000
  let readerScrolled = false
  const stop = () => {
    readerScrolled = true
  }
  const events = ['wheel', 'touchmove', 'keydown'] as const
  for (const e of events) window.addEventListener(e, stop, { once: true, passive: true })
  const settle = () => {
    const section = document.getElementById(id)
    if (section && !readerScrolled) {
      const { top } = section.getBoundingClientRect()
      if (top < -2 || top > window.innerHeight / 2) section.scrollIntoView({ block: 'start' })
    }
    if (!readerScrolled && performance.now() < until) requestAnimationFrame(settle)
    else for (const e of events) window.removeEventListener(e, stop)
  }
  settle()
}

export function OperationIndex({ operations }: { operations: readonly IndexedOperation[] }) {
  const [query, setQuery] = useState('')
  const searchId = useId()
  const shown = operations.filter((op) => matchesSearch(op, query))
  return (
    <nav aria-labelledby="operation-index" className="grid gap-3">
      <h2
        id="operation-index"
        className="text-sm font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400"
      >
        Operations
      </h2>
      <div className="grid gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search the API
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="route, intents, portfolio…"
          className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:border-zinc-700 dark:bg-zinc-950"
        />
      </div>
      <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        {query ? `${shown.length} of ${operations.length} operations match.` : `${operations.length} operations.`}
      </p>
      <ul aria-label="Operations" className="grid gap-1">
        {shown.map((op) => (
          <li key={op.id} data-operation={op.id}>
            {/* The viewer's own anchor for the operation's section. */}
            <a
              href={`#api-1/${op.method}${op.path}`}
              onClick={scrollToSection}
              className="grid gap-0.5 rounded-lg px-2 py-1.5 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-zinc-800"
            >
              <span className="flex min-w-0 items-baseline gap-2">
                <span
                  className={`shrink-0 rounded px-1.5 py-0.5 font-mono text-[11px] font-semibold ${methodColour[op.method] ?? ''}`}
                >
                  {op.method}
                </span>{' '}
                <code className="min-w-0 font-mono text-xs break-all">/api/v1{op.path}</code>
              </span>
              <span className="text-xs text-zinc-700 dark:text-zinc-300">
                {op.summary} <span className="text-zinc-600 dark:text-zinc-400">Scope: {op.scope ?? 'none'}.</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
