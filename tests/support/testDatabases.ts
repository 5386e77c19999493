// The databases storage tests run on: PGlite always; a real Postgres when TEST_DATABASE_URL is
// set (CI sets it), each run in a database of its own that is dropped afterwards.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type DatabaseConfig, openDatabase } from '../../lib/storage/openDatabase'
import type { Sql } from '../../lib/storage/sql'

export type TestDatabase = { config: DatabaseConfig; open: () => Promise<Sql>; dispose: () => Promise<void> }

export const postgresUrl = process.env.TEST_DATABASE_URL
export const redisUrl = process.env.TEST_REDIS_URL

export async function pgliteDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'ir-pglite-'))
  const config = { pgliteDir: dir }
  return {
    config,
    open: () => openDatabase(config),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

export async function postgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `ir_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const config = { url: url.toString() }
  return {
    config,
    open: () => openDatabase(config),
    dispose: async () => {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

/** [label, factory] pairs for describe.each. Without TEST_DATABASE_URL the Postgres factory gives
 * nothing and its cases are reported as skipped (openedDatabase skips them), not left out. */
export const databaseKinds: [string, () => Promise<TestDatabase | undefined>][] = [
  ['PGlite', pgliteDatabase],
  ['Postgres', async () => (postgresUrl ? postgresDatabase(postgresUrl) : undefined)],
]
