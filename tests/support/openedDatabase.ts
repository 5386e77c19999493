// A storage suite's database: made and migrated before the suite's tests, closed and dropped after.
// The Sql handed back forwards to it, so tests use it as they would the real one. A kind with no
// database here (Postgres without TEST_DATABASE_URL) has its tests skipped, and counted as such.
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { Sql } from '../../lib/storage/sql'
import type { TestDatabase } from './testDatabases'

export function openedDatabase(makeDatabase: () => Promise<TestDatabase | undefined>): Sql {
  let database: TestDatabase | undefined
  let sql: Sql | undefined
  beforeAll(async () => {
    database = await makeDatabase()
    sql = await database?.open()
  }, 60_000)
  beforeEach((context) => {
    if (!database) context.skip('no database of this kind here (set TEST_DATABASE_URL for Postgres)')
  })
  afterAll(async () => {
    await sql?.close()
    await database?.dispose()
  })
  const opened = () => {
    if (!sql) throw new Error('the database is opened in beforeAll')
    return sql
  }
  return {
    get kind() {
      return opened().kind
    },
    query: (text, params) => opened().query(text, params),
    transaction: (fn) => opened().transaction(fn),
    close: () => opened().close(),
  }
}
