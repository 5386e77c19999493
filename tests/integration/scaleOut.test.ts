// Two app instances on one Postgres: no state they could disagree on. Their nonces never collide
// and a key's rate limit is one budget across both. Needs a real Postgres (TEST_DATABASE_URL; CI
// sets it): the embedded PGlite serves one process.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { devnetAppEnv } from '../../lib/devnet/appEnv'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import type { Sql } from '../../lib/storage/sql'
import { type AppInstance, startApp } from '../support/stack'
import { postgresUrl } from '../support/testDatabases'

const databaseUrl = inject('databaseUrl')
const demo = inject('demoAddress')
const first = inject('baseUrl')
let second: AppInstance
let sql: Sql

beforeAll(async () => {
  if (!postgresUrl) return
  second = await startApp(devnetAppEnv(inject('rpcUrls'), databaseUrl))
  sql = await openDatabase({ url: databaseUrl })
}, 90_000)

it('runs on a real Postgres when TEST_DATABASE_URL is set (CI sets it)', () => {
  if (process.env.REQUIRE_TEST_SERVICES) expect(postgresUrl, 'CI must set TEST_DATABASE_URL').toBeTruthy()
})
afterAll(async () => {
  await sql?.close()
  await second?.stop()
})

const route = (baseUrl: string, key: string, amount: number) =>
  fetch(`${baseUrl}/api/v1/intents/route`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: String(amount) }],
      account: { address: demo },
    }),
  })

describe.runIf(postgresUrl)('two instances, one Postgres', () => {
  it('hand out distinct nonces, every one recorded once', async () => {
    const { key } = await createApiKey(sql, { name: 'scale-out', scopes: ['routes:create'] })
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => route(i % 2 ? first : second.baseUrl, key, 1_000_000 + i)),
    )
    const nonces = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { intentOp: { nonce: string } }).intentOp.nonce),
    )
    expect(new Set(nonces).size).toBe(24)
    const stored = await sql.query<{ nonce: string }>(
      `SELECT nonce::text AS nonce FROM routes WHERE nonce = ANY($1::numeric[])`,
      [nonces],
    )
    expect(stored.map((r) => r.nonce).sort()).toEqual([...nonces].sort())
  })

  it('share one rate-limit budget per key', async () => {
    const { key } = await createApiKey(sql, { name: 'shared budget', scopes: ['portfolio:read'], rateLimit: '4/min' })
    const portfolio = (baseUrl: string) =>
      fetch(`${baseUrl}/api/v1/accounts/${demo}/portfolio`, { headers: { 'x-api-key': key } })
    const statuses = []
    for (const baseUrl of [first, second.baseUrl, first, second.baseUrl])
      statuses.push((await portfolio(baseUrl)).status)
    expect(statuses).toEqual([200, 200, 200, 200])
    expect((await portfolio(first)).status).toBe(429)
    expect((await portfolio(second.baseUrl)).status).toBe(429)
  })
})
