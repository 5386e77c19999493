// The security model over HTTP, on the production build: the browser key is a publishable key
// (harmless reads for anyone; routes, submissions and history only for the wallet signed in with
// Ethereum), sponsorship is a scope, client budgets key on an address nobody can choose, and the
// edges of the HTTP server answer in the JSON envelope.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { demoAccount } from '../../lib/devnet/demoAccount'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import { api } from '../support/api'
import { rawPost, rawRequest } from '../support/rawHttp'
import { postSession, signInCookie, siweMessage } from '../support/signIn'

const http = api()
const baseUrl = http.baseUrl
const demo = inject('demoAddress')
const browserKey = inject('browserKey')
const sql = await openDatabase({ url: inject('databaseUrl') })
afterAll(() => sql.close())

const asThePage = (cookie?: string): Record<string, string> => ({
  'x-api-key': browserKey,
  'sec-fetch-site': 'same-origin',
  ...(cookie ? { cookie } : {}),
})
const routeBody = (extra: object = {}) => ({
  destinationChainId: 8453,
  tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }],
  account: { address: demo },
  ...extra,
})
const postRoute = (headers: Record<string, string>, body: object = routeBody()) =>
  fetch(`${baseUrl}/api/v1/intents/route`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('the browser key is publishable: harmless operations for anyone', () => {
  it('still reads portfolio, prices and chains without a sign-in', async () => {
    for (const path of [`/api/v1/accounts/${demo}/portfolio`, '/api/v1/prices', '/api/v1/chains'])
      expect((await http.get(path, { key: null, headers: asThePage() })).status).toBe(200)
  })

  it('refuses routes, history, intents and intent status without a sign-in, naming sign-in', async () => {
    const route = await postRoute(asThePage())
    expect(route.status).toBe(401)
    expect(((await route.json()) as { message: string }).message).toMatch(
      /^Sign in with Ethereum as 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 to build routes/,
    )
    for (const path of [
      `/api/v1/accounts/${demo}/routes`,
      `/api/v1/accounts/${demo}/intents`,
      '/api/v1/intent-operation/1',
    ]) {
      const res = await http.get(path, { key: null, headers: asThePage() })
      expect(res.status, path).toBe(401)
      expect(res.body.message).toMatch(/Sign in with Ethereum/)
      expect(res.body.errors[0].context.signIn).toBe(true)
    }
  })

  it('never sponsors: options.sponsorSettings through the browser key is refused by name', async () => {
    const cookie = await signInCookie(baseUrl, demoAccount)
    const res = await postRoute(asThePage(cookie), routeBody({ options: { sponsorSettings: { gasSponsored: true } } }))
    expect(res.status).toBe(403)
    expect(((await res.json()) as { errors: { context: { field: string } }[] }).errors[0]!.context.field).toBe(
      'options.sponsorSettings',
    )
  })
})

describe('Sign-In with Ethereum', () => {
  it('opens an httpOnly SameSite=Strict session for the signer; its history is its own', async () => {
    const res = await postSession(baseUrl, await siweMessage(baseUrl, demoAccount))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ address: demo })
    const setCookie = res.headers.get('set-cookie')!
    // no Secure over http
    expect(setCookie).toMatch(/^ir_session=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/)
    const cookie = setCookie.split(';')[0]!
    expect((await http.get('/api/v1/auth/session', { key: null, headers: { cookie } })).body).toMatchObject({
      address: demo,
    })

    const route = await postRoute(asThePage(cookie))
    expect(route.status).toBe(200)
    const { intentOp } = (await route.json()) as { intentOp: { nonce: string } }
    const history = await http.get(`/api/v1/accounts/${demo}/routes`, { key: null, headers: asThePage(cookie) })
    expect(history.status).toBe(200)
    expect(history.body.routes[0].nonce).toBe(intentOp.nonce)
    // Another visitor of the dashboard, signed in as themselves, sees their own (empty) history.
    const visitor = privateKeyToAccount(generatePrivateKey())
    const theirs = await http.get(`/api/v1/accounts/${visitor.address}/routes`, {
      key: null,
      headers: asThePage(await signInCookie(baseUrl, visitor)),
    })
    expect(theirs.status).toBe(200)
    expect(theirs.body.routes).toEqual([])
  })

  it('a visitor signed in as themselves cannot plant a route in another account’s history, nor read it', async () => {
    const attacker = await signInCookie(baseUrl, privateKeyToAccount(generatePrivateKey()))
    const theirs = privateKeyToAccount(generatePrivateKey()).address
    const planted = await postRoute(asThePage(attacker), routeBody({ recipient: { address: theirs } }))
    expect(planted.status).toBe(403)
    expect(((await planted.json()) as { message: string }).message).toMatch(
      /only build routes for the signed-in wallet/,
    )
    expect(
      (await http.get(`/api/v1/accounts/${demo}/routes`, { key: null, headers: asThePage(attacker) })).status,
    ).toBe(403)
    const mine = await http.get(`/api/v1/accounts/${demo}/routes?limit=100`, {
      key: null,
      headers: asThePage(await signInCookie(baseUrl, demoAccount)),
    })
    const recipients = (mine.body.routes as { recipient: string | null }[]).map((r) => r.recipient?.toLowerCase())
    expect(recipients).not.toContain(theirs.toLowerCase())
  })

  it('a nonce is single use, the message must name this host, and the signature must be the address’s', async () => {
    const signed = await siweMessage(baseUrl, demoAccount)
    expect((await postSession(baseUrl, signed)).status).toBe(200)
    const replay = await postSession(baseUrl, signed)
    expect(replay.status).toBe(401)
    expect(((await replay.json()) as { message: string }).message).toMatch(/nonce is unknown, already used or expired/)
    expect(
      (await postSession(baseUrl, await siweMessage(baseUrl, demoAccount, { domain: 'evil.example' }))).status,
    ).toBe(401)
    const other = privateKeyToAccount(generatePrivateKey())
    const forged = await siweMessage(baseUrl, demoAccount)
    forged.signature = await other.signMessage({ message: forged.message })
    expect((await postSession(baseUrl, forged)).status).toBe(401)
    expect((await postSession(baseUrl, { message: 'hello', signature: '0x00' })).status).toBe(400)
  })

  it('the message must name this app’s origin (APP_ORIGIN), not whatever Host the request claims', async () => {
    // A signature a phishing site obtained for its own domain, redeemed here under that Host.
    const phished = await siweMessage(baseUrl, demoAccount, { domain: 'phish.example', uri: 'https://phish.example' })
    const res = await rawPost(baseUrl, '/api/v1/auth/session', phished, { host: 'phish.example' })
    expect(res.status).toBe(401)
    expect(JSON.parse(res.body).errors[0].context.field).toBe('message')
    expect(res.headers['set-cookie']).toBeUndefined()
    for (const [what, o] of [
      ['uri on another origin', { uri: 'https://phish.example/login' }],
      ['a chain not served', { chainId: 137 }],
      ['issued in an hour', { issuedAt: new Date(Date.now() + 3_600_000) }],
    ] as const) {
      const refused = await postSession(baseUrl, await siweMessage(baseUrl, demoAccount, o))
      expect(refused.status, what).toBe(401)
    }
    expect((await postSession(baseUrl, await siweMessage(baseUrl, demoAccount))).status).toBe(200)
  })

  it('sign-out ends the session', async () => {
    const cookie = await signInCookie(baseUrl, demoAccount)
    const out = await fetch(`${baseUrl}/api/v1/auth/session`, { method: 'DELETE', headers: { cookie } })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/^ir_session=; .*Max-Age=0/)
    expect((await http.get('/api/v1/auth/session', { key: null, headers: { cookie } })).body).toEqual({
      address: null,
      expiresAt: null,
    })
    expect((await postRoute(asThePage(cookie))).status).toBe(401)
  })

  it('the cookie is Secure when the page is served over https (behind a TLS proxy)', async () => {
    const res = await postSession(baseUrl, await siweMessage(baseUrl, demoAccount), { 'x-forwarded-proto': 'https' })
    expect(res.headers.get('set-cookie')).toMatch(/; Secure$/)
  })

  it('a session means nothing to an issued API key, which keeps working as before', async () => {
    expect((await postRoute({ 'x-api-key': http.apiKey })).status).toBe(200)
  })
})

describe('static assets', () => {
  it('/_next/static answers carry nosniff, found or not', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text()
    const asset = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0]
    expect(asset).toBeTruthy()
    const found = await fetch(`${baseUrl}${asset}`)
    expect(found.status).toBe(200)
    expect(found.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await fetch(`${baseUrl}/_next/static/none.js`)).headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('splitting without a sign-in', () => {
  it(
    'the browser key may split amounts over the filler’s ' + 'inventory without a session: it names no account',
    async () => {
      const res = await fetch(`${baseUrl}/api/v1/intents/split`, {
        method: 'POST',
        headers: { ...asThePage(), 'content-type': 'application/json' },
        body: JSON.stringify({ chainId: 8453, tokens: { '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913': '1000000' } }),
      })
      expect(res.status).toBe(200)
      expect(((await res.json()) as { intents: unknown[] }).intents).toEqual(expect.any(Array))
    },
  )
})

describe('sponsorship is a privilege', () => {
  it(
    'a key without routes:sponsor asking for sponsored fees ' + 'gets 403 naming options.sponsorSettings; with it, 200',
    async () => {
      const { key } = await createApiKey(sql, { name: 'no sponsor', scopes: ['routes:create'] })
      const sponsored = routeBody({ options: { sponsorSettings: { gasSponsored: true, bridgeFeesSponsored: true } } })
      const refused = await postRoute({ 'x-api-key': key }, sponsored)
      expect(refused.status).toBe(403)
      const body = (await refused.json()) as { message: string; errors: { context: Record<string, unknown> }[] }
      expect(body.message).toMatch(/^options\.sponsorSettings: .*routes:sponsor/)
      expect(body.errors[0]!.context).toMatchObject({ field: 'options.sponsorSettings', scope: 'routes:sponsor' })
      expect((await postRoute({ 'x-api-key': key })).status).toBe(200) // unsponsored: fine
      // the suite's key has every scope
      expect((await postRoute({ 'x-api-key': http.apiKey }, sponsored)).status).toBe(200)
    },
  )
})

describe('budgets nobody can spoof', () => {
  it('the browser key’s per-client budget ignores a client-set X-Forwarded-For', async () => {
    const remaining = async (xff: string) =>
      Number(
        (
          await http.get('/api/v1/prices', { key: null, headers: { ...asThePage(), 'x-forwarded-for': xff } })
        ).headers.get('ratelimit-remaining'),
      )
    const first = await remaining('203.0.113.1')
    const second = await remaining('203.0.113.2')
    const third = await remaining('198.51.100.7, 203.0.113.3')
    expect(second).toBe(first - 1)
    expect(third).toBe(first - 2)
  })
})

describe('storage budgets', () => {
  it('a request larger than a stored route may be is refused before anything is stored', async () => {
    const data = `0x${'ab'.repeat(30 * 1024)}`
    const executions = Array.from({ length: 4 }, () => ({ to: demo, value: '0', data }))
    const res = await postRoute({ 'x-api-key': http.apiKey }, routeBody({ destinationExecutions: executions }))
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: { context: { field: string } }[] }).errors[0]!.context.field).toBe('body')
  })
})

describe('the edges of the HTTP server (production build)', () => {
  it('HSTS on pages and API answers served over https, none over http', async () => {
    expect(
      (await fetch(`${baseUrl}/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get(
        'strict-transport-security',
      ),
    ).toMatch(/^max-age=\d{8,}/)
    expect(
      (await http.get('/api/v1/signer', { key: null, headers: { 'x-forwarded-proto': 'https' } })).headers.get(
        'strict-transport-security',
      ),
    ).toMatch(/^max-age=/)
    expect((await fetch(`${baseUrl}/`)).headers.get('strict-transport-security')).toBeNull()
  })

  it.each([
    ['TRACE on the API', 'TRACE', '/api/v1/signer'],
    ['TRACE on a page', 'TRACE', '/'],
    ['malformed percent-encoding in an API path', 'GET', '/api/v1/accounts/%E0%A4%A/portfolio'],
    ['malformed percent-encoding in a page path', 'GET', '/%E0%A4%A'],
    ['OPTIONS on a page', 'OPTIONS', '/'],
    ['a method Next does not route, on the API', 'PROPFIND', '/api/v1/chains'],
    ['a method HTTP parsers do not know, on the API', 'FOO', '/api/v1/chains'],
  ])('%s answers JSON in the envelope, never HTML with paths', async (_, method, path) => {
    const res = await rawRequest(baseUrl, { method, path })
    expect(res.status).toBeLessThan(500)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.body).not.toMatch(/<html|\/work\/|node_modules/i)
    expect(JSON.parse(res.body)).toMatchObject({ message: expect.any(String), traceId: expect.any(String) })
  })

  it('an absolute-form request URL never redirects off-site', async () => {
    for (const target of [
      'http://evil.example/',
      'http://evil.example//api/v1/signer',
      'http://evil.example/portfolio/',
    ]) {
      const res = await rawRequest(baseUrl, { method: 'GET', path: target })
      expect(res.headers.location ?? '', target).not.toMatch(/evil\.example/)
    }
  })
})
