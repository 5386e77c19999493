// serve.mjs: several server processes on one port, as `npm start` and `npm run dev` run the app.
// Connections are spread over the processes, yet a key's rate limit is one budget across them.
import { execFileSync } from 'node:child_process'
import { get } from 'node:http'
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
  app = await startApp({ ...devnetAppEnv(inject('rpcUrls'), databaseUrl), WEB_CONCURRENCY: '2', ...(postgresUrl ? {} : { RATE_LIMIT_STORE: 'memory' }) })
  sql = await openDatabase({ url: databaseUrl })
}, 90_000)
afterAll(async () => {
  await sql?.close()
  await app?.stop()
})

/** A GET on a fresh connection each time, so the port's connections go round the processes. */
const status = (path: string, key: string) =>
  new Promise<number>((resolve, reject) => {
    const req = get(`${app.baseUrl}${path}`, { agent: false, headers: { 'x-api-key': key, connection: 'close' } }, (res) => {
      res.resume()
      res.once('end', () => resolve(res.statusCode ?? 0))
    })
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
