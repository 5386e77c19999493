export function SchemaBlock({ title, schema }: { title: string; schema: unknown }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-medium">{title} schema</summary>
      <pre className="mt-2 max-h-96 overflow-auto rounded bg-zinc-100 p-3 text-xs dark:bg-zinc-950">{JSON.stringify(schema, null, 2)}</pre>
    </details>
  )
}
