import type { Metadata } from 'next'
import { openApiDocument } from '@/lib/api/openapi'
import { ApiReference } from './_components/ApiReference'
import { OperationIndex } from './_components/OperationIndex'

export const metadata: Metadata = { title: 'API reference' }

export default function DocsPage() {
  const doc = openApiDocument()
  return (
    <main>
      <div className="mx-auto max-w-6xl px-4 pt-8 sm:px-6 sm:pt-10">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">API reference</h1>
        <p className="mt-2 max-w-3xl text-zinc-700 dark:text-zinc-300">
          Every operation with a description, its parameters and an example request and response. &ldquo;Test request&rdquo; calls this app&apos;s API with the key in use. The machine-readable
          document:{' '}
          <a className="underline" href="/api/v1/openapi.json">
            /api/v1/openapi.json
          </a>{' '}
          (OpenAPI {doc.openapi}).
        </p>
      </div>
      <OperationIndex />
      <ApiReference document={doc} />
    </main>
  )
}
