export type EndpointCardProps = { method: 'GET' | 'POST'; path: string; summary: string }

export function EndpointCard({ method, path, summary }: EndpointCardProps) {
  return (
    <li className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <p className="font-mono text-sm wrap-anywhere">
        <span className="mr-2 rounded bg-emerald-100 px-1.5 py-0.5 font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">{method}</span>
        {path}
      </p>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{summary}</p>
    </li>
  )
}
