// Opens the service's database and brings its schema up to date: a real Postgres when a URL is
// given (pg), otherwise PGlite — Postgres compiled to WebAssembly, in this process — in a folder.
import pg from 'pg'
import { openPgliteFolder } from './folderLock'
import { migrate } from './migrate'
import { asUnavailable, type Sql } from './sql'

export type DatabaseConfig = { url: string; maxConnections?: number } | { pgliteDir: string }

export async function openDatabase(config: DatabaseConfig): Promise<Sql> {
  const sql = 'url' in config ? postgres(config.url, config.maxConnections ?? 10) : await pglite(config.pgliteDir)
  try {
    await migrate(sql)
  } catch (error) {
    await sql.close()
    throw error
  }
  return sql
}

function postgres(url: string, max: number): Sql {
  // Bounded waits: an unreachable or stuck database fails the request instead of holding it.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    statement_timeout: 10_000,
  })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  return {
    kind: 'postgres',
    async query(text, params) {
      try {
        return (await pool.query(text, params as unknown[])).rows
      } catch (error) {
        throw asUnavailable(error)
      }
    },
    async transaction(fn) {
      const client = await pool.connect().catch((error: unknown) => {
        throw asUnavailable(error)
      })
      try {
        await client.query('BEGIN')
        const result = await fn({
          query: async (text, params) => (await client.query(text, params as unknown[])).rows as never,
        })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw asUnavailable(error)
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

async function pglite(dir: string): Promise<Sql> {
  const { db, close } = await openPgliteFolder(dir)
  return {
    kind: 'pglite',
    async query(text, params) {
      return (await db.query(text, params as unknown[])).rows as never
    },
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({ query: async (text, params) => (await tx.query(text, params as unknown[])).rows as never }),
      ),
    close,
  }
}
