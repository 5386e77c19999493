// Every issued route is kept: the history endpoint pages them newest first as small summaries
// (bounded in bytes, grouped by request, with their statuses), one route reads in full on its own,
// and the database refuses a nonce twice.
import { parseUnits } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { routeHistoryResponseSchema, storedRouteResponseSchema } from '../../lib/api/routeHistory'
import { storedRouteSummaryMaxBytes } from '../../lib/core/history/summariseStoredRoute'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import { findRoute, nextRouteNonce, recordRoute } from '../../lib/storage/routeStore'
import { api } from '../support/api'
import { devnetActions } from '../support/devnetActions'
import { settlement } from '../support/settlement'

const http = api()
const chain = devnetActions(inject('rpcUrls'))
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'

async function issue(account: `0x${string}`, amount: string) {
  const res = await http.postJson('/api/v1/intents/route', {
    destinationChainId: 8453,
    tokenRequests: [{ tokenAddress: 'USDC', amount }],
    account: { address: account },
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { intentOp: { nonce: string; expires: string } | null }
}

const history = async (account: string, query = '') =>
  routeHistoryResponseSchema.parse((await http.get(`/api/v1/accounts/${account}/routes${query}`)).body)
const readRoute = (account: string, nonce: string, key?: string | null) =>
  http.get(`/api/v1/accounts/${account}/routes/${nonce}`, key === undefined ? {} : { key })

describe('GET /api/v1/accounts/{userAddress}/routes', () => {
  it('lists the routes issued for an account, newest first, across cursor pages, each re-openable', async () => {
    const user = chain.freshAccount()
    await chain.mint(8453, 'USDC', user.address, 10_000_000_000n)
    const issued = []
    for (const amount of ['1000000', '2000000', '3000000', '4000000', '5000000'])
      issued.push((await issue(user.address, amount)).intentOp!.nonce)

    const seen: string[] = []
    let cursor: string | null = null
    do {
      const res = await http.get(
        `/api/v1/accounts/${user.address.toLowerCase()}/routes?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      )
      expect(res.status).toBe(200)
      const page = routeHistoryResponseSchema.parse(res.body)
      for (const r of page.routes) {
        expect(r.expired).toBe(false)
        const full = storedRouteResponseSchema.parse((await readRoute(user.address, r.nonce)).body)
        expect((full.route as { intentOp: { nonce: string } }).intentOp.nonce).toBe(r.nonce)
        expect((full.request as { account: { address: string } }).account.address).toBe(user.address)
      }
      seen.push(...page.routes.map((r) => r.nonce))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual([...issued].reverse())
  })

  it('summarises each route: what it delivers, from where, the fee, the scheme, and one key per request', async () => {
    const user = chain.freshAccount()
    await chain.mint(8453, 'USDC', user.address, 10_000_000_000n)
    await issue(user.address, '1000000')
    await issue(user.address, '2000000')
    const again = (await issue(user.address, '1000000')).intentOp!
    const page = await history(user.address)
    expect(page.routes).toHaveLength(3)
    const [newest, middle, oldest] = page.routes
    expect(newest).toMatchObject({
      nonce: again.nonce,
      expires: again.expires,
      expired: false,
      destinationChainId: 8453,
      delivers: [{ token: USDC_BASE, amount: '1000000' }],
      recipient: user.address,
      sourceChainIds: [8453],
      fee: { token: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), amount: expect.stringMatching(/^\d+$/) },
      signingScheme: 'PERMIT2',
      hasIntentOp: true,
      status: 'BUILT',
      intentStatus: null,
    })
    expect(middle!.delivers).toEqual([{ token: USDC_BASE, amount: '2000000' }])
    // The same request asked twice shares its key; another amount is another request.
    expect(newest!.requestKey).toBe(oldest!.requestKey)
    expect(middle!.requestKey).not.toBe(newest!.requestKey)
    // Summaries only: no request, no route in the list.
    expect(JSON.stringify(page)).not.toContain('intentOp')
  })

  it(
    'keeps a page of 100 maximum-size routes under 64 KiB (each ' +
      `summary at most ${storedRouteSummaryMaxBytes} bytes)`,
    async () => {
      const user = chain.freshAccount()
      await chain.mint(8453, 'USDC', user.address, 10_000_000n)
      const { intentOp } = await issue(user.address, '1000000')
      const sql = await openDatabase({ url: inject('databaseUrl') })
      let stored = 0
      try {
        const original = (await findRoute(sql, BigInt(intentOp!.nonce)))!
        // A route padded past 64 KiB (destination calldata), asked with the most calldata a request may carry.
        const calldata = `0x${'ab'.repeat(32 * 1024)}`
        const response = structuredClone(original.response) as {
          intentOp: { elements: { mandate: { destinationOps: { ops: unknown[] } } }[] }
        }
        response.intentOp.elements[0]!.mandate.destinationOps.ops.push({ to: USDC_BASE, value: '0', data: calldata })
        const request = {
          ...(original.request as object),
          destinationExecutions: [{ to: USDC_BASE, value: '0', data: calldata }],
        }
        stored = JSON.stringify(response).length
        expect(stored).toBeGreaterThan(64 * 1024)
        for (let i = 0; i < 100; i++) {
          await recordRoute(sql, {
            ...original,
            nonce: await nextRouteNonce(sql),
            request,
            response,
            expires: BigInt(original.expires),
          })
        }
      } finally {
        await sql.close()
      }
      const res = await fetch(`${http.baseUrl}/api/v1/accounts/${user.address}/routes?limit=100`, {
        headers: { 'x-api-key': http.apiKey },
      })
      expect(res.status).toBe(200)
      const text = await res.text()
      const page = routeHistoryResponseSchema.parse(JSON.parse(text))
      expect(page.routes).toHaveLength(100)
      expect(page.nextCursor).not.toBeNull()
      expect(text.length).toBeLessThan(64 * 1024)
      // The whole page weighs less than one of the routes it lists.
      expect(text.length).toBeLessThan(stored)
      for (const r of page.routes) expect(JSON.stringify(r).length).toBeLessThanOrEqual(storedRouteSummaryMaxBytes)
      // The full route is one request away, exactly as stored, signed again (routes are stored unsigned).
      const full = await readRoute(user.address, page.routes[0]!.nonce)
      expect(full.status).toBe(200)
      const { serverSignature, ...unsigned } = full.body.route.intentOp
      expect(serverSignature).toMatch(/^0x[0-9a-f]{130}$/)
      expect(JSON.stringify({ ...full.body.route, intentOp: unsigned }).length).toBe(stored)
    },
  )

  it('keeps the validated request, not whatever else the body carried', async () => {
    const user = chain.freshAccount()
    await chain.mint(8453, 'USDC', user.address, 10_000_000n)
    const res = await http.postJson('/api/v1/intents/route', {
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: 1000000 }],
      account: { address: user.address },
      junk: { deep: [[['x']]], nul: 'a\u0000b' },
    })
    expect(res.status).toBe(200)
    const page = routeHistoryResponseSchema.parse((await http.get(`/api/v1/accounts/${user.address}/routes`)).body)
    const stored = storedRouteResponseSchema.parse((await readRoute(user.address, page.routes[0]!.nonce)).body)
      .request as Record<string, unknown>
    expect(stored.junk).toBeUndefined()
    expect(stored).toMatchObject({
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }],
    })
  })

  it('shows a route only to the key that issued it', async () => {
    const user = chain.freshAccount()
    await chain.mint(8453, 'USDC', user.address, 10_000_000n)
    await issue(user.address, '1000000')
    const sql = await openDatabase({ url: inject('databaseUrl') })
    try {
      const { key: other } = await createApiKey(sql, { name: 'another tenant', scopes: ['routes:read'] })
      const theirs = routeHistoryResponseSchema.parse(
        (await http.get(`/api/v1/accounts/${user.address}/routes`, { key: other })).body,
      )
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
    expect(page.routes[0]).toMatchObject({ expired: true, status: 'EXPIRED' })
    expect((await readRoute(user.address, intentOp!.nonce)).body).toMatchObject({ expired: true, status: 'EXPIRED' })
  })

  it('keeps nonces unique in the database', async () => {
    const sql = await openDatabase({ url: inject('databaseUrl') })
    try {
      const [{ total, distinct }] = (await sql.query<{ total: string; distinct: string }>(
        'SELECT count(*) AS total, count(DISTINCT nonce) AS distinct FROM routes',
      )) as [{ total: string; distinct: string }]
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

describe('GET /api/v1/accounts/{userAddress}/routes/{nonce}', () => {
  it('reads one route in full, exactly as issued, with the request it answered', async () => {
    const user = chain.freshAccount()
    await chain.mint(8453, 'USDC', user.address, 10_000_000n)
    const issued = await issue(user.address, '1000000')
    const nonce = issued.intentOp!.nonce
    const res = await readRoute(user.address.toLowerCase(), nonce)
    expect(res.status).toBe(200)
    const full = storedRouteResponseSchema.parse(res.body)
    expect(full).toMatchObject({
      nonce,
      expires: issued.intentOp!.expires,
      expired: false,
      destinationChainId: 8453,
      status: 'BUILT',
      intentStatus: null,
    })
    expect(full.route).toEqual(issued)
    expect(full.request).toMatchObject({
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }],
    })
  })

  it(
    'is a 404 in the envelope for another key’s route, another ' +
      'account’s and one never issued; a 400 names a bad nonce',
    async () => {
      const user = chain.freshAccount()
      await chain.mint(8453, 'USDC', user.address, 10_000_000n)
      const nonce = (await issue(user.address, '1000000')).intentOp!.nonce
      const sql = await openDatabase({ url: inject('databaseUrl') })
      try {
        const { key: other } = await createApiKey(sql, { name: 'another tenant', scopes: ['routes:read'] })
        const theirs = await readRoute(user.address, nonce, other)
        const elsewhere = await readRoute(chain.freshAccount().address, nonce)
        const never = await readRoute(user.address, '1')
        for (const res of [theirs, elsewhere, never]) {
          expect(res.status).toBe(404)
          expect(res.body).toMatchObject({
            message: expect.any(String),
            errors: [{ context: { field: 'nonce' } }],
            traceId: expect.any(String),
          })
          expect(JSON.stringify(res.body)).not.toContain('intentOp')
        }
        // Not told apart: another key's route reads exactly like one never issued.
        expect(theirs.body.message.replace(nonce, 'N')).toBe(never.body.message.replace('1', 'N'))
      } finally {
        await sql.close()
      }
      for (const bad of ['abc', '-1', '1.5', '9'.repeat(79)]) {
        const res = await readRoute(user.address, bad)
        expect(res.status).toBe(400)
        expect(res.body.errors[0].context.field).toBe('nonce')
      }
      expect((await readRoute('0x12', nonce)).body.errors[0].context.field).toBe('userAddress')
      expect((await readRoute(user.address, nonce, null)).status).toBe(401)
      expect((await http.get(`/api/v1/accounts/${user.address}/routes/${nonce}`, { method: 'POST' })).status).toBe(405)
    },
  )

  it('follows a submitted route to its settlement, in the list and on its own', async () => {
    const s = settlement()
    const account = chain.freshAccount()
    await chain.setEth(10, account.address, parseUnits('0.05', 18))
    await chain.mint(10, 'USDC', account.address, 200_000_000n)
    await chain.lockErc20(10, account, 'USDC', 200_000_000n, defaultLockTag)
    const { intentOp } = await s.route(account, {
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '100000000' }],
      account: { address: account.address, accountType: 'EOA' },
    })
    expect((await history(account.address)).routes[0]).toMatchObject({
      nonce: intentOp.nonce,
      status: 'BUILT',
      signingScheme: 'COMPACT',
      sourceChainIds: [10],
    })
    expect((await s.submit(await s.sign(account, intentOp))).status).toBe(201)
    const submitted = (await history(account.address)).routes[0]!
    expect(submitted.intentStatus).not.toBeNull()
    const settled = await s.waitFinal(intentOp.nonce)
    expect(settled.status).toBe('COMPLETED')
    expect((await history(account.address)).routes[0]).toMatchObject({ status: 'COMPLETED', intentStatus: 'COMPLETED' })
    expect((await readRoute(account.address, intentOp.nonce)).body).toMatchObject({
      status: 'COMPLETED',
      intentStatus: 'COMPLETED',
    })
  })
})
