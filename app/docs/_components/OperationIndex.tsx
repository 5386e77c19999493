// Every operation at a glance, rendered on the server from the same list the OpenAPI document is
// generated from: it is on screen at once, while the full interactive reference (a browser-only
// viewer of ~900 KB) loads below it.
import { operations } from '@/lib/api/operations'

const methodColour: Record<string, string> = {
  GET: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  POST: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200',
  DELETE: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
}

export function OperationIndex() {
  return (
    <section aria-labelledby="operation-index" className="mx-auto mt-6 max-w-6xl px-4 sm:px-6">
      <h2 id="operation-index" className="text-lg font-semibold">
        Operations
      </h2>
      <div className="mt-2 overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
        <table aria-label="Operations" className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-zinc-50 text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Operation
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                What it does
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Key scope
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {operations.map((op) => (
              <tr key={op.id} data-operation={op.id}>
                <th scope="row" className="px-3 py-2 align-top font-normal whitespace-nowrap">
                  {/* The viewer's own anchor for the operation's section. */}
                  <a href={`#api-1/${op.method}${op.path}`} className="underline-offset-2 hover:underline">
                    <span className={`mr-2 rounded px-1.5 py-0.5 font-mono text-xs font-semibold ${methodColour[op.method] ?? ''}`}>{op.method}</span>{' '}
                    <code className="font-mono text-xs">/api/v1{op.path}</code>
                  </a>
                </th>
                <td className="px-3 py-2 align-top text-zinc-800 dark:text-zinc-200">{op.summary}</td>
                <td className="px-3 py-2 align-top font-mono text-xs text-zinc-700 dark:text-zinc-300">{op.scope ?? 'none'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">The full reference with every field, examples and &ldquo;Test request&rdquo; follows.</p>
    </section>
  )
}
