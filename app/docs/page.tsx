import type { Metadata } from 'next'
import { openApiDocument } from '@/lib/api/openapi'
import { operations } from '@/lib/api/operations'
import { ApiReference } from './_components/ApiReference'
import { GetAKey } from './_components/GetAKey'
import { OperationIndex } from './_components/OperationIndex'

export const metadata: Metadata = { title: 'API reference' }

export default function DocsPage() {
  const doc = openApiDocument()
  const index = operations.map(({ id, method, path, summary, scope }) => ({ id, method, path, summary, scope }))
  return (
    <main>
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 pt-8 sm:px-6 sm:pt-10 lg:grid-cols-[18rem_minmax(0,1fr)]">
        {/* The sidebar: beside the introduction on a wide screen, stacked above it on a phone. The
            reference below keeps the page's full width (the viewer lays itself out for it). */}
        <aside aria-label="Documentation" className="min-w-0 lg:max-h-[44rem] lg:overflow-y-auto lg:pr-2">
          <nav aria-label="Getting started" className="mb-4 grid gap-1 text-sm">
            <a
              className="rounded-lg px-2 py-1.5 font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800"
              href="#get-a-key"
            >
              How to get a key
            </a>
            <a
              className="rounded-lg px-2 py-1.5 font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800"
              href="/api/v1/openapi.json"
            >
              OpenAPI document (JSON)
            </a>
          </nav>
          <OperationIndex operations={index} />
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">API reference</h1>
            <p className="mt-2 max-w-3xl text-zinc-700 dark:text-zinc-300">
              Every operation with a description, its parameters and an example request and response. &ldquo;Test
              request&rdquo; calls this app&apos;s API with the key in use. The machine-readable document:{' '}
              <a className="underline" href="/api/v1/openapi.json">
                /api/v1/openapi.json
              </a>{' '}
              (OpenAPI {doc.openapi}).
            </p>
          </div>
          <GetAKey />
        </div>
      </div>
      <ApiReference document={doc} />
    </main>
  )
}
