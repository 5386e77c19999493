// Opaque page cursors for newest-first lists keyed by (created_at, nonce): the last row's time in
// microseconds and its nonce, base64url-encoded JSON.
export class BadCursorError extends Error {}

/** Microseconds since the epoch, as Postgres keeps them (a JS Date would round to milliseconds). */
export const CREATED_US = `(extract(epoch FROM created_at) * 1000000)::bigint`

export function encodeCursor(row: { created_us: string | number; nonce: string | number }): string {
  return Buffer.from(JSON.stringify([String(row.created_us), String(row.nonce)])).toString('base64url')
}

export function decodeCursor(cursor: string): { createdUs: string; nonce: string } {
  try {
    const [createdUs, nonce] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string]
    // bigint holds 18 digits safely; a longer value is no cursor this service issued.
    if (!/^\d{1,18}$/.test(createdUs) || !/^\d{1,78}$/.test(nonce)) throw new Error()
    return { createdUs, nonce }
  } catch {
    throw new BadCursorError('cursor: not a cursor this service issued')
  }
}
