import 'server-only'
// The process's database, opened (and migrated) on first use. A database that cannot be opened
// (Postgres down, the embedded folder held by another process, the dev socket gone) is a 503 with
// Retry-After for the client, its reason in the log, and another attempt on the next request.
import { serverEnv } from '../config/env'
import { ServiceError } from '../core/errors'
import { openDatabase } from '../storage/openDatabase'
import type { Sql } from '../storage/sql'
import { logger } from './logger'

/** The log says why at most this often (every request tries again while it is down). */
const LOG_EVERY_MS = 10_000

let opening: Promise<Sql> | undefined
let lastLogged = 0

export function database(): Promise<Sql> {
  if (!opening) {
    const env = serverEnv()
    opening = openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: env.PGLITE_DATA_DIR }).catch((error: unknown) => {
      opening = undefined // try again on the next request
      if (Date.now() - lastLogged >= LOG_EVERY_MS) {
        lastLogged = Date.now()
        logger.error({ error: error instanceof Error ? { name: error.name, message: error.message } : String(error) }, 'the database cannot be opened')
      }
      const message = 'The database is not answering; try again shortly'
      throw new ServiceError('unavailable', message, [{ message, context: { part: 'database' } }], { cause: error })
    })
  }
  return opening
}
