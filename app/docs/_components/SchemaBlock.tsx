export function SchemaBlock({ title, schema }: { title: string; schema: unknown }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer rounded text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600">{title} schema</summary>
      <pre tabIndex={0} className="mt-2 max-h-96 overflow-auto rounded-lg bg-zinc-50 p-3 text-xs dark:bg-zinc-950">{JSON.stringify(schema, null, 2)}</pre>
    </details>
  )
}
