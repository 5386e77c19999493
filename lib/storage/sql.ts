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
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === UNIQUE_VIOLATION
}
