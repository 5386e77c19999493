import 'server-only'
// The process's database, opened (and migrated) on first use.
import { serverEnv } from '../config/env'
import { openDatabase } from '../storage/openDatabase'
import type { Sql } from '../storage/sql'

let opening: Promise<Sql> | undefined

export function database(): Promise<Sql> {
  if (!opening) {
    const env = serverEnv()
    opening = openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: env.PGLITE_DATA_DIR }).catch((error: unknown) => {
      opening = undefined // try again on the next request
      throw error
    })
  }
  return opening
}
