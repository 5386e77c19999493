// The little the stores need from a database, over either a real Postgres (pg) or PGlite.
export type Sql = {
  kind: 'postgres' | 'pglite'
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>
  /** Runs `fn` in one transaction on one connection. */
  transaction<T>(fn: (tx: Pick<Sql, 'query'>) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** Postgres' unique_violation. */
export const UNIQUE_VIOLATION = '23505'

export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code: unknown }).code === UNIQUE_VIOLATION
  )
}

/** The database did not answer — its connection refused, lost or timed out, the server shutting
 * down or out of connections — rather than refused the query: not the request's fault, and worth
 * asking again shortly. */
export class DatabaseUnavailableError extends Error {}

/** Connection exceptions (class 08), shutdowns (57P01–57P03) and too many connections (53300). */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
])
/** What node-postgres says when a connection ends under a query or the pool cannot get one. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/

/** A driver error that says the database did not answer, as DatabaseUnavailableError; any other error as it is. */
export function asUnavailable(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || error instanceof DatabaseUnavailableError) return error
  const code = (error as { code?: unknown }).code
  const message = String((error as { message?: unknown }).message ?? '')
  const unavailable =
    typeof code === 'string'
      ? UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)
      : UNAVAILABLE_MESSAGE.test(message)
  return unavailable ? new DatabaseUnavailableError(`the database did not answer: ${message}`, { cause: error }) : error
}
