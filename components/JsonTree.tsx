// Any JSON value as a collapsible tree: objects and arrays fold (the first levels open), long
// strings wrap. Built from <details>, so it works by keyboard and screen reader without script.
export type JsonTreeProps = { value: unknown; label?: string; openDepth?: number }

export function JsonTree({ value, label = 'response', openDepth = 1 }: JsonTreeProps) {
  return (
    <div className="overflow-x-auto rounded-lg bg-zinc-50 p-3 font-mono text-xs leading-relaxed dark:bg-zinc-950">
      <Node name={label} value={value} depth={0} openDepth={openDepth} />
    </div>
  )
}

function Node({ name, value, depth, openDepth }: { name: string; value: unknown; depth: number; openDepth: number }) {
  if (value === null || typeof value !== 'object') {
    return (
      <div className="pl-4 wrap-anywhere">
        <span className="text-zinc-600 dark:text-zinc-400">{name}: </span>
        <Leaf value={value} />
      </div>
    )
  }
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>)
  const shape = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`
  return (
    <details open={depth < openDepth} className="pl-4">
      <summary className="-ml-4 cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-indigo-600">
        <span className="text-zinc-900 dark:text-zinc-100">{name}</span>{' '}
        <span className="text-zinc-600 dark:text-zinc-400">{shape}</span>
      </summary>
      {entries.length === 0 ? (
        <div className="pl-4 text-zinc-600 dark:text-zinc-400">empty</div>
      ) : (
        entries.map(([k, v]) => <Node key={k} name={k} value={v} depth={depth + 1} openDepth={openDepth} />)
      )}
    </details>
  )
}

function Leaf({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return <span className="break-all text-emerald-800 dark:text-emerald-300">&quot;{value}&quot;</span>
  if (typeof value === 'number') return <span className="text-indigo-800 dark:text-indigo-300">{value}</span>
  return <span className="text-amber-800 dark:text-amber-300">{String(value)}</span>
}
