// Canonical JSON, as the server signature and the request key hash it: object keys sorted by code
// unit at every level, no whitespace, members whose value is undefined left out. Written with an
// explicit stack, so a value nested any depth costs time linear in its size and never the call stack.

type Work = string | { value: unknown; member: boolean }

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const out: string[] = []
  const work: Work[] = [{ value, member: false }]
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    if (typeof item === 'string') {
      out.push(item)
      continue
    }
    const v = item.value
    if (v === null || typeof v !== 'object') {
      // As JSON.stringify leaves them: nothing in an array, the word undefined after a member's key.
      const text: string | undefined = JSON.stringify(v)
      out.push(item.member ? String(text) : (text ?? ''))
    } else if (Array.isArray(v)) {
      out.push('[')
      work.push(']')
      for (let i = v.length - 1; i >= 0; i--) {
        work.push({ value: v[i], member: false })
        if (i > 0) work.push(',')
      }
    } else {
      const entries = Object.entries(v)
        .filter(([, m]) => m !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      out.push('{')
      work.push('}')
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i]
        if (entry === undefined) continue
        work.push({ value: entry[1], member: true }, `${JSON.stringify(entry[0])}:`)
        if (i > 0) work.push(',')
      }
    }
  }
  return out.join('')
}
