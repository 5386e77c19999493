// Issued keys end to end: the CLI issues, lists and revokes; scopes are enforced per endpoint;
// revocation takes effect within the key cache bound (KEY_CACHE_MS).
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { KEY_CACHE_MS } from '../../lib/server/apiKeys'
import { createApiKey, revokeApiKey } from '../../lib/storage/apiKeyStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import { api } from '../support/api'

const run = promisify(execFile)
const http = api()
const databaseUrl = inject('databaseUrl')
const demo = inject('demoAddress')
const sql = await openDatabase({ url: databaseUrl })
afterAll(() => sql.close())

const root = join(import.meta.dirname, '..', '..')
const keys = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', join(root, 'lib/storage/keysCli.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  })

const routeBody = JSON.stringify({
  destinationChainId: 8453,
  tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }],
  account: { address: demo },
})
const postRoute = (key: string) =>
  fetch(`${http.baseUrl}/api/v1/intents/route`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: routeBody,
  })

describe('npm run keys', () => {
  it('creates a key that works at once, lists it without ' +
    'its secret, and revokes it within the key cache bound', async () => {
    const created = await keys(
      'create',
      '--name',
      'cli test',
      '--scopes',
      'portfolio:read',
      '--rate',
      '600/min',
      '--json',
    )
    const { key, id, prefix } = JSON.parse(created.stdout) as { key: string; id: string; prefix: string }
    expect(key.startsWith(`ir_${prefix}_`)).toBe(true)
    expect((await http.get(`/api/v1/accounts/${demo}/portfolio`, { key })).status).toBe(200)

    const listed = await keys('list')
    expect(listed.stdout).toContain(id)
    expect(listed.stdout).toContain(`ir_${prefix}_…`)
    expect(listed.stdout).not.toContain(key)

    await keys('revoke', id)
    await new Promise((r) => setTimeout(r, KEY_CACHE_MS)) // the bound a found key is trusted for
    const after = await http.get(`/api/v1/accounts/${demo}/portfolio`, { key })
    expect(after.status).toBe(401)
    expect(after.body.message).toBe('Invalid API key')
  }, 60_000) // three CLI runs (each a tsx start) and the key cache bound

  it('refuses an unknown scope with a clear message and exit code 2', async () => {
    const failure = await keys('create', '--name', 'x', '--scopes', 'admin').then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    )
    expect(failure?.code).toBe(2)
    expect(failure?.stderr).toContain('scopes: unknown admin')
  })
})

describe('scopes', () => {
  it('a key without routes:create gets 403 Insufficient permissions on the route, 200 on the portfolio', async () => {
    const { key } = await createApiKey(sql, { name: 'reader', scopes: ['portfolio:read'] })
    const res = await postRoute(key)
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({
      message: 'Insufficient permissions',
      errors: [{ context: { scope: 'routes:create' } }],
    })
    expect((await http.get(`/api/v1/accounts/${demo}/portfolio`, { key })).status).toBe(200)
  })

  it('a key without portfolio:read gets 403 on the portfolio and the prices', async () => {
    const { key } = await createApiKey(sql, { name: 'router', scopes: ['routes:create'] })
    expect((await http.get(`/api/v1/accounts/${demo}/portfolio`, { key })).status).toBe(403)
    expect((await http.get('/api/v1/prices', { key })).status).toBe(403)
    expect((await postRoute(key)).status).toBe(200)
  })

  it('a revoked key is refused on every request once the key cache bound has passed', async () => {
    const { key, record } = await createApiKey(sql, { name: 'short-lived', scopes: ['portfolio:read'] })
    expect((await http.get(`/api/v1/accounts/${demo}/portfolio`, { key })).status).toBe(200)
    await revokeApiKey(sql, record.id)
    await new Promise((r) => setTimeout(r, KEY_CACHE_MS))
    expect((await http.get(`/api/v1/accounts/${demo}/portfolio`, { key })).body.message).toBe('Invalid API key')
    expect((await http.get(`/api/v1/accounts/${demo}/portfolio`, { key })).status).toBe(401)
  })
})
