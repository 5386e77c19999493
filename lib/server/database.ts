import 'server-only'
// The process's database, opened (and migrated) on first use. One that cannot be opened (Postgres
// down, the embedded folder held by another process, the dev socket gone) is the database not
// answering, as one lost later is (storage/sql.ts): the client gets a 503 with Retry-After
// (http.ts), and the next request tries again.
import { serverEnv } from '../config/env'
import { openDatabase } from '../storage/openDatabase'
import { DatabaseUnavailableError, type Sql } from '../storage/sql'

let opening: Promise<Sql> | undefined

export function database(): Promise<Sql> {
  if (!opening) {
    const env = serverEnv()
    opening = openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: env.PGLITE_DATA_DIR }).catch(
      (error: unknown) => {
        opening = undefined // try again on the next request
        throw new DatabaseUnavailableError(
          `the database cannot be opened: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        )
      },
    )
  }
  return opening
}
