// What the page shows while balances are read: the table's shape, so nothing jumps when they arrive.
export function TableSkeleton() {
  return (
    <div
      role="status"
      className="mt-6 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <span className="sr-only">Reading balances…</span>
      <div aria-hidden="true" className="grid animate-pulse gap-4">
        <div className="h-4 w-40 rounded bg-zinc-200 dark:bg-zinc-800" />
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center justify-between gap-4">
            <div className="h-4 w-24 rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="h-4 w-28 rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="hidden h-4 w-28 rounded bg-zinc-200 sm:block dark:bg-zinc-800" />
            <div className="h-4 w-20 rounded bg-zinc-200 dark:bg-zinc-800" />
          </div>
        ))}
      </div>
    </div>
  )
}
