// Where a parsed JSON body holds a string (or key) that is not well-formed UTF-16 (a lone
// surrogate: no database can store it). Walked with an explicit chain of frames, never recursion,
// in document order; the path is built only for the one field it reports.

type Frame = {
  container: object
  /** The object's keys; undefined for an array. */
  keys: string[] | undefined
  next: number
  parent: Frame | undefined
  /** This container's key (or index) in its parent. */
  at: string | number
}

/** The dotted path of the first ill-formed string, '' for the body itself; a bad key names the
 * object holding it. Undefined when every string is well-formed. */
export function illFormedField(body: unknown): string | undefined {
  if (typeof body === 'string') return body.isWellFormed() ? undefined : ''
  let frame = frameOf(body, undefined, '')
  while (frame) {
    const keys = frame.keys
    const size = keys ? keys.length : (frame.container as unknown[]).length
    if (frame.next >= size) {
      frame = frame.parent
      continue
    }
    const index = frame.next++
    const key = keys ? keys[index] : index
    if (typeof key === 'string' && !key.isWellFormed()) return pathOf(frame)
    const value = (frame.container as Record<string | number, unknown>)[key ?? index]
    if (typeof value === 'string') {
      if (!value.isWellFormed()) return pathOf(frame, key ?? index)
    } else {
      frame = frameOf(value, frame, key ?? index) ?? frame
    }
  }
  return undefined
}

function frameOf(value: unknown, parent: Frame | undefined, at: string | number): Frame | undefined {
  if (value === null || typeof value !== 'object') return undefined
  return { container: value, keys: Array.isArray(value) ? undefined : Object.keys(value), next: 0, parent, at }
}

function pathOf(frame: Frame, last?: string | number): string {
  const parts: string[] = last === undefined ? [] : [String(last)]
  for (let f: Frame | undefined = frame; f?.parent; f = f.parent) parts.push(String(f.at))
  return parts.reverse().join('.')
}
