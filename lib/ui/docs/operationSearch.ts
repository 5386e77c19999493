// The docs' search over the operation index: every word typed must appear in the operation's
// method, full path, summary or scope, in any case and order.

export type IndexedOperation = { id: string; method: string; path: string; summary: string; scope: string | null }

export function matchesSearch(op: IndexedOperation, query: string): boolean {
  const text = `${op.method} /api/v1${op.path} ${op.summary} ${op.scope ?? ''}`.toLowerCase()
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word))
}
