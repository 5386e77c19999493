// serve.mjs: several server processes on one port, as `npm start` and `npm run dev` run the app.
// Connections are spread over the processes, yet a key's rate limit is one budget across them.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { devnetAppEnv } from '../../lib/devnet/appEnv'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import type { Sql } from '../../lib/storage/sql'
import { type AppInstance, startApp } from '../support/stack'
import { postgresUrl } from '../support/testDatabases'

const databaseUrl = inject('databaseUrl')
const demo = inject('demoAddress')
let app: AppInstance
let sql: Sql

beforeAll(async () => {
  // Counted in memory (as with the embedded database), which the cluster's primary keeps for all.
  app = await startApp({
    ...devnetAppEnv(inject('rpcUrls'), databaseUrl),
    WEB_CONCURRENCY: '2',
    ...(postgresUrl ? {} : { RATE_LIMIT_STORE: 'memory' }),
  })
  sql = await openDatabase({ url: databaseUrl })
}, 90_000)
afterAll(async () => {
  await sql?.close()
  await app?.stop()
})

/** A GET on a fresh connection each time, so the port's connections go round the processes. */
const status = (path: string, key: string) =>
  new Promise<number>((resolve, reject) => {
    const req = get(
      `${app.baseUrl}${path}`,
      { agent: false, headers: { 'x-api-key': key, connection: 'close' } },
      (res) => {
        res.resume()
        res.once('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.once('error', reject)
  })

describe('WEB_CONCURRENCY=2', () => {
  it('runs two server processes under one primary', () => {
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(app.pid)], { encoding: 'utf8' })
      .split(/\s+/)
      .filter(Boolean)
    expect(children).toHaveLength(2)
  })

  it('counts a key’s rate limit once across the processes', async () => {
    const { key } = await createApiKey(sql, { name: 'cluster budget', scopes: ['portfolio:read'], rateLimit: '4/min' })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push(await status(`/api/v1/accounts/${demo}/portfolio`, key))
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
  })
})

describe('without DATABASE_URL (the embedded database opened in each process)', () => {
  const root = join(import.meta.dirname, '..', '..')
  const serve = (env: Record<string, string>) => {
    const { DATABASE_URL: _, WEB_CONCURRENCY: __, ...rest } = process.env
    return spawnSync(process.execPath, [join(root, 'serve.mjs'), '--port', '0'], {
      cwd: root,
      env: { ...rest, PGLITE_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'ir-serve-')), 'db'), ...env },
      encoding: 'utf8',
      timeout: 30_000,
    })
  }

  it('refuses several server processes, which would each keep their own copy of the folder', () => {
    const run = serve({ WEB_CONCURRENCY: '2' })
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('WEB_CONCURRENCY=2 needs DATABASE_URL')
  })
})
