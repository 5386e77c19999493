// Every issued route is kept: the history endpoint pages them newest first, marks expired ones,
// and the database refuses a nonce twice.
import { describe, expect, inject, it } from 'vitest'
import { routeHistoryResponseSchema } from '../../lib/api/routeHistory'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import { api } from '../support/api'
import { devnetActions } from '../support/devnetActions'

const http = api()
const chain = devnetActions(inject('rpcUrls'))

async function issue(account: `0x${string}`, amount: string) {
  const res = await fetch(`${http.baseUrl}/api/v1/intents/route`, {
    method: 'POST',
    headers: { 'x-api-key': http.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ destinationChainId: 8453, tokenRequests: [{ tokenAddress: 'USDC', amount }], account: { address: account } }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { intentOp: { nonce: string; expires: string } | null }
}

describe('GET /api/v1/accounts/{userAddress}/routes', () => {
  it('lists the routes issued for an account, newest first, across cursor pages, each re-openable', async () => {
    const user = chain.freshAccount()
    await chain.mint(8453, 'USDC', user.address, 10_000_000_000n)
    const issued = []
    for (const amount of ['1000000', '2000000', '3000000', '4000000', '5000000']) issued.push((await issue(user.address, amount)).intentOp!.nonce)

    const seen: string[] = []
    let cursor: string | null = null
    do {
      const res = await http.get(`/api/v1/accounts/${user.address.toLowerCase()}/routes?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(res.status).toBe(200)
      const page = routeHistoryResponseSchema.parse(res.body)
      for (const r of page.routes) {
        expect(r.expired).toBe(false)
        expect((r.route as { intentOp: { nonce: string } }).intentOp.nonce).toBe(r.nonce)
        expect((r.request as { account: { address: string } }).account.address).toBe(user.address)
      }
      seen.push(...page.routes.map((r) => r.nonce))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual([...issued].reverse())
  })

  it('keeps the validated request, not whatever else the body carried', async () => {
    const user = chain.freshAccount()
    await chain.mint(8453, 'USDC', user.address, 10_000_000n)
    const res = await fetch(`${http.baseUrl}/api/v1/intents/route`, {
      method: 'POST',
      headers: { 'x-api-key': http.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ destinationChainId: 8453, tokenRequests: [{ tokenAddress: 'USDC', amount: 1000000 }], account: { address: user.address }, junk: { deep: [[['x']]], nul: 'a\u0000b' } }),
    })
    expect(res.status).toBe(200)
    const page = routeHistoryResponseSchema.parse((await http.get(`/api/v1/accounts/${user.address}/routes`)).body)
    const stored = page.routes[0]!.request as Record<string, unknown>
    expect(stored.junk).toBeUndefined()
    expect(stored).toMatchObject({ destinationChainId: 8453, tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }] })
  })

  it('shows a route only to the key that issued it', async () => {
    const user = chain.freshAccount()
    await chain.mint(8453, 'USDC', user.address, 10_000_000n)
    await issue(user.address, '1000000')
    const sql = await openDatabase({ url: inject('databaseUrl') })
    try {
      const { key: other } = await createApiKey(sql, { name: 'another tenant', scopes: ['routes:read'] })
      const theirs = routeHistoryResponseSchema.parse((await http.get(`/api/v1/accounts/${user.address}/routes`, { key: other })).body)
      expect(theirs.routes).toEqual([])
      const ours = routeHistoryResponseSchema.parse((await http.get(`/api/v1/accounts/${user.address}/routes`)).body)
      expect(ours.routes).toHaveLength(1)
    } finally {
      await sql.close()
    }
  })

  it('marks a route whose expiry has passed as expired', async () => {
    const user = chain.freshAccount()
    await chain.mint(8453, 'USDC', user.address, 10_000_000n)
    const { intentOp } = await issue(user.address, '1000000')
    const sql = await openDatabase({ url: inject('databaseUrl') })
    try {
      await sql.query('UPDATE routes SET expires = 1 WHERE nonce = $1', [intentOp!.nonce])
    } finally {
      await sql.close()
    }
    const page = routeHistoryResponseSchema.parse((await http.get(`/api/v1/accounts/${user.address}/routes`)).body)
    expect(page.routes).toHaveLength(1)
    expect(page.routes[0]!.expired).toBe(true)
  })

  it('keeps nonces unique in the database', async () => {
    const sql = await openDatabase({ url: inject('databaseUrl') })
    try {
      const [{ total, distinct }] = (await sql.query<{ total: string; distinct: string }>('SELECT count(*) AS total, count(DISTINCT nonce) AS distinct FROM routes')) as [
        { total: string; distinct: string },
      ]
      expect(Number(total)).toBeGreaterThan(0)
      expect(distinct).toBe(total)
    } finally {
      await sql.close()
    }
  })

  it('answers bad input with a 400 naming the field, and needs routes:read', async () => {
    const user = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect((await http.get(`/api/v1/accounts/${user}/routes?limit=0`)).body.errors[0].context.field).toBe('limit')
    expect((await http.get(`/api/v1/accounts/${user}/routes?cursor=nope`)).body.errors[0].context.field).toBe('cursor')
    const overflowing = Buffer.from(JSON.stringify(['99999999999999999999', '1'])).toString('base64url')
    expect((await http.get(`/api/v1/accounts/${user}/routes?cursor=${overflowing}`)).status).toBe(400)
    expect((await http.get(`/api/v1/accounts/0x12/routes`)).status).toBe(400)
    expect((await http.get(`/api/v1/accounts/${user}/routes`, { key: null })).status).toBe(401)
  })
})
