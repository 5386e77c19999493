// Opaque page cursors for newest-first lists keyed by (created_at, nonce): the last row's time in
// microseconds and its nonce, base64url-encoded JSON.
import type { Sql } from './sql'
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

/** One page, newest first, of an account's rows in `table` that `issuedBy` owns; `columns` must
 * select created_us (CREATED_US) and nonce. The cursor is the last row's time and nonce. */
export async function newestFirstPage<Row extends { created_us: string | number; nonce: string | number }>(
  sql: Pick<Sql, 'query'>,
  p: {
    table: 'routes' | 'intents'
    columns: string
    sponsor: string
    issuedBy: string
    limit: number
    cursor?: string
  },
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const after = p.cursor ? decodeCursor(p.cursor) : undefined
  const where = `sponsor = $1
    AND issued_by = $3${after ? ` AND (${CREATED_US}, nonce) < ($4::bigint, $5::numeric)` : ''}`
  const rows = await sql.query<Row>(
    `SELECT ${p.columns} FROM ${p.table} WHERE ${where} ORDER BY created_at DESC, nonce DESC LIMIT $2`,
    [p.sponsor.toLowerCase(), p.limit + 1, p.issuedBy, ...(after ? [after.createdUs, after.nonce] : [])],
  )
  const page = rows.slice(0, p.limit)
  const last = page.at(-1)
  return { rows: page, nextCursor: rows.length > p.limit && last ? encodeCursor(last) : null }
}
