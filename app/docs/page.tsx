import type { Metadata } from 'next'
import { openApiDocument } from '@/lib/api/openapi'
import { operations } from '@/lib/api/operations'
import { SchemaBlock } from './_components/SchemaBlock'

export const metadata: Metadata = { title: 'API reference' }

export default function DocsPage() {
  const doc = openApiDocument()
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">API reference</h1>
      <p className="mt-2 max-w-3xl text-zinc-700 dark:text-zinc-300">
        {doc.info.description} Base path <code className="font-mono">/api/v1</code>; send your key as{' '}
        <code className="font-mono">x-api-key</code>. The machine-readable document:{' '}
        <a className="underline" href="/api/v1/openapi.json">
          /api/v1/openapi.json
        </a>{' '}
        (OpenAPI {doc.openapi}).
      </p>
      <nav aria-label="Operations" className="mt-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {operations.map((op) => (
            <li key={op.id}>
              <a href={`#${op.id}`} className="inline-flex rounded-full border border-zinc-300 bg-white px-3 py-1 font-mono hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800">
                {op.method} {op.path}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="mt-6 grid gap-4">
        {operations.map((op) => {
          const entry = (doc.paths[op.path] as Record<string, { parameters: { name: string; in: string; required: boolean }[]; requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }> }>)[op.method.toLowerCase()]!
          return (
            <li key={op.id} id={op.id} className="scroll-mt-4 rounded-xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900">
              <h2 className="font-mono text-sm font-semibold wrap-anywhere">
                <span className="mr-2 rounded bg-emerald-100 px-1.5 py-0.5 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">{op.method}</span>
                /api/v1{op.path}
              </h2>
              <p className="mt-2 text-sm">{op.summary}</p>
              <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{op.scope ? `Key scope: ${op.scope}` : 'No key needed.'}</p>
              {entry.parameters.length > 0 && (
                <table className="mt-4 w-full text-left text-sm">
                  <caption className="sr-only">Parameters</caption>
                  <thead>
                    <tr className="border-b border-zinc-200 dark:border-zinc-800">
                      <th className="py-1 pr-3 font-medium">Parameter</th>
                      <th className="py-1 pr-3 font-medium">In</th>
                      <th className="py-1 font-medium">Required</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entry.parameters.map((p) => (
                      <tr key={p.name} className="border-b border-zinc-100 dark:border-zinc-900">
                        <td className="py-1 pr-3 font-mono">{p.name}</td>
                        <td className="py-1 pr-3">{p.in}</td>
                        <td className="py-1">{p.required ? 'yes' : 'no'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {entry.requestBody && <SchemaBlock title="Request body" schema={entry.requestBody.content['application/json']!.schema} />}
              <SchemaBlock title="200 response" schema={entry.responses['200']!.content!['application/json']!.schema} />
              <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-300">
                Errors:{' '}
                {Object.entries(entry.responses)
                  .filter(([status]) => status !== '200')
                  .map(([status, r]) => `${status} ${r.description}`)
                  .join(' · ')}
              </p>
            </li>
          )
        })}
      </ul>
    </main>
  )
}
