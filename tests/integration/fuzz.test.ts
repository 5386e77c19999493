// Property-based: thousands of generated and mutated requests to both endpoints. Never a 5xx,
// never a crash, every error in the one envelope, and no amount ever rounded.
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { errorEnvelopeSchema } from '../../lib/api/errorEnvelope'
import { operations } from '../../lib/api/operations'
import { portfolioResponseSchema } from '../../lib/api/portfolio'
import { routeResponseSchema } from '../../lib/api/routeResponse'
import { tokens } from '../../lib/core/tokens/tokens'
import { abortedUploads } from '../support/abortedUpload'
import { api } from '../support/api'
import { rawPost } from '../support/rawHttp'
import { siweMessage } from '../support/signIn'

const http = api()
const demo = inject('demoAddress')
const runs = Number(process.env.FUZZ_RUNS ?? 1_000)

async function post(body: string) {
  const res = await http.postJson('/api/v1/intents/route', body)
  return { status: res.status, type: res.headers.get('content-type'), json: (await res.json()) as unknown }
}

/** What every answer must satisfy, whatever was asked. */
function expectWellFormed(r: { status: number; type: string | null; json: unknown }) {
  expect(r.status).toBeLessThan(500)
  expect(r.type).toMatch(/application\/json/)
  if (r.status >= 400) errorEnvelopeSchema.parse(r.json)
}

/** A fulfilled route delivers exactly what was asked, to the base unit. */
function expectExact(body: unknown, json: unknown) {
  const route = routeResponseSchema.parse(json)
  if (!route.intentOp) return
  const requests = (body as { tokenRequests: { amount?: unknown }[] }).tokenRequests
  route.intentCost.tokensReceived.forEach((received, i) => {
    const asked = requests[i]?.amount
    if (asked === undefined) return
    const delivered = route
      .intentOp!.elements.flatMap((e) => e.mandate.tokenOut)
      .filter(([id]) => (BigInt(id) & ((1n << 160n) - 1n)) === BigInt(received.tokenAddress))
      .reduce((sum, [, amount]) => sum + BigInt(amount), 0n)
    expect(delivered).toBe(BigInt(asked as string | number))
  })
}

const symbol = fc.constantFrom(
  'USDC',
  'ETH',
  'WETH',
  'USDT0',
  'USDT',
  'usdc',
  'DAI',
  '',
  ...tokens.map((t) => t.address),
)
const chainId = fc.oneof(
  fc.constantFrom(1, 10, 8453, 42161),
  fc.integer({ min: -5, max: 100_000 }),
  fc.constantFrom('8453', '1e3', '0x2105', null),
)
const amount = fc.oneof(
  fc.bigInt({ min: 1n, max: 10n ** 24n }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e18',
    '',
    ' 1',
    '0x10',
    '115792089237316195423570985008687907853269984665640564039457584007913129639936',
  ),
  fc.integer({ min: -10, max: 2 ** 31 }),
  fc.double(),
)
const validBody = fc.record({
  destinationChainId: fc.constantFrom(1, 10, 8453, 42161),
  tokenRequests: fc.array(
    fc.record({
      tokenAddress: fc.constantFrom('USDC', 'ETH', 'WETH'),
      amount: fc.bigInt({ min: 1n, max: 3_000n * 10n ** 6n }).map(String),
    }),
    { minLength: 1, maxLength: 1 },
  ),
  account: fc.constant({ address: demo }),
})

/** A valid body with one field replaced by anything, removed, or an unknown field added. */
const mutatedBody = fc
  .tuple(
    validBody,
    fc.constantFrom(
      'destinationChainId',
      'tokenRequests',
      'account',
      'options',
      'accountAccessList',
      'destinationExecutions',
      'recipient',
      'extra',
    ),
    fc.oneof(fc.jsonValue(), chainId, amount, symbol, fc.constant(undefined)),
  )
  .map(([body, field, value]) => {
    const copy: Record<string, unknown> = structuredClone(body)
    if (value === undefined) delete copy[field]
    else if (field === 'tokenRequests')
      copy.tokenRequests = [{ tokenAddress: typeof value === 'string' ? value : 'USDC', amount: value }]
    else copy[field] = value
    return copy
  })

describe('fuzzing POST /api/v1/intents/route', () => {
  it(`${Math.ceil(runs / 2)} arbitrary JSON bodies: never a 5xx, every error in the envelope`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.string(), fc.constant('{"unterminated": ')), async (body) => {
        expectWellFormed(await post(typeof body === 'string' && body.startsWith('{') ? body : JSON.stringify(body)))
      }),
      { numRuns: Math.ceil(runs / 2) },
    )
  }, 600_000)

  it(`${runs} mutated valid bodies: never a 5xx, and a fulfilled route delivers exactly what was asked`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(validBody, mutatedBody), async (body) => {
        const r = await post(JSON.stringify(body))
        expectWellFormed(r)
        if (r.status === 200) expectExact(body, r.json)
      }),
      { numRuns: runs },
    )
  }, 600_000)
})

describe('fuzzing GET /api/v1/accounts/{userAddress}/portfolio', () => {
  const address = fc.oneof(
    fc.constant(demo),
    fc.constant(demo.toLowerCase()),
    fc.string({ maxLength: 50 }),
    fc.stringMatching(/^0x[0-9a-fA-F]{40}$/),
  )
  const query = fc.record(
    {
      chainIds: fc.oneof(
        fc.array(chainId, { maxLength: 4 }).map((a) => a.join(',')),
        fc.string(),
      ),
      tokens: fc.oneof(
        fc.array(fc.tuple(chainId, symbol), { maxLength: 4 }).map((a) => a.map(([c, t]) => `${c}:${t}`).join(',')),
        fc.string(),
      ),
      filterEmpty: fc.constantFrom('true', 'false', 'yes', ''),
    },
    { requiredKeys: [] },
  )

  it(`${runs} generated queries: never a 5xx, errors in the envelope, amounts exact decimal strings`, async () => {
    await fc.assert(
      fc.asyncProperty(address, query, async (who, q) => {
        const search = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))
        const res = await fetch(`${http.baseUrl}/api/v1/accounts/${encodeURIComponent(who)}/portfolio?${search}`, {
          headers: { 'x-api-key': http.apiKey },
        })
        const r = { status: res.status, type: res.headers.get('content-type'), json: (await res.json()) as unknown }
        expectWellFormed(r)
        if (r.status === 200) {
          const { portfolio } = portfolioResponseSchema.parse(r.json)
          for (const entry of portfolio) {
            const perChain = entry.tokenChainBalance.reduce((s, c) => s + BigInt(c.balance.unlocked), 0n)
            expect(BigInt(entry.balance.unlocked)).toBe(perChain)
          }
        }
      }),
      { numRuns: runs },
    )
  }, 600_000)
})

describe('hostile requests to every operation', () => {
  const hostileRuns = Number(process.env.FUZZ_HOSTILE_RUNS ?? 10_000)
  const browserKey = inject('browserKey')
  const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(value))
  const pathValue = fc.oneof(
    fc.constant(demo),
    fc.stringMatching(/^\d{1,20}$/),
    fc.string({ maxLength: 40 }),
    fc.constantFrom('..', '%', '%zz', '0x', '-1', 'null'),
  )
  const key = fc.oneof(
    fc.constant(http.apiKey),
    fc.constant(browserKey),
    fc.constant(undefined),
    fc.string({ maxLength: 80 }),
    fc.constantFrom(`${http.apiKey}x`, `ir_${'a'.repeat(10)}_${'b'.repeat(43)}`, 'ir_browser_forged'),
  )
  const body = fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 200 }),
    fc.constant('{"signedIntentOp": {"nonce": "1", "originSignatures": ["0x00"]}}'),
    fc.constant(undefined),
  )
  const request = fc.record({
    operation: fc.constantFrom(...operations),
    method: fc.oneof(
      fc.constant(undefined),
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
    ),
    pathValue,
    key,
    sameOrigin: fc.boolean(),
    forwardedFor: fc.oneof(fc.constant(undefined), fc.ipV4(), fc.string({ maxLength: 30 })),
    contentType: fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', ''),
    body,
  })

  it(`${hostileRuns} hostile requests (any operation, method, ` +
    'key, origin claim, forwarding header and body): never a 5xx', async () => {
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const method = r.method ?? r.operation.method
        const headers: Record<string, string> = {}
        if (r.key !== undefined) headers['x-api-key'] = r.key
        if (r.sameOrigin) headers['sec-fetch-site'] = 'same-origin'
        if (r.forwardedFor !== undefined) headers['x-forwarded-for'] = r.forwardedFor
        if (r.contentType) headers['content-type'] = r.contentType
        const withBody = method !== 'GET' && method !== 'HEAD' && r.body !== undefined
        const res = await fetch(`${http.baseUrl}/api/v1${fill(r.operation.path, r.pathValue)}`, {
          method,
          headers,
          ...(withBody ? { body: r.body } : {}),
        })
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        const text = await res.text()
        expect(res.status, `${method} ${r.operation.path}: ${text.slice(0, 200)}`).toBeLessThan(500)
        if (res.status >= 400 && method !== 'HEAD') errorEnvelopeSchema.parse(JSON.parse(text))
      }),
      { numRuns: hostileRuns },
    )
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true)
  }, 900_000)
})

describe('odd input: ill-formed unicode, aborted uploads, sign-in for other domains', () => {
  const oddRuns = Number(process.env.FUZZ_ODD_RUNS ?? 200)
  const loneSurrogate = fc.oneof(
    fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
    fc
      .tuple(fc.string({ maxLength: 5 }), fc.integer({ min: 0xdc00, max: 0xdfff }))
      .map(([s, c]) => `${s}${String.fromCharCode(c)}`),
  )
  // Where a string can sit in a route request: known fields, free-form JSON, unknown fields.
  const placement = fc.constantFrom<string[]>(
    ['account', 'emissaryConfig', 'x'],
    ['account', 'emissaryConfig', 'nested', 'deeper'],
    ['tokenRequests', '0', 'tokenAddress'],
    ['options', 'feeToken'],
    ['recipient', 'address'],
    ['accountAccessList', 'tokens', '0'],
    ['somethingUnknown'],
  )

  it(`${oddRuns} bodies with a lone surrogate somewhere: 400 naming that field, never a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(placement, loneSurrogate, async (path, bad) => {
        const body: Record<string, unknown> = {
          destinationChainId: 8453,
          tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }],
          account: { address: demo },
        }
        let at: Record<string, unknown> = body
        for (let i = 0; i < path.length - 1; i++) {
          at[path[i]!] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}
          at = at[path[i]!] as Record<string, unknown>
        }
        at[path.at(-1)!] = bad
        const r = await post(JSON.stringify(body))
        expectWellFormed(r)
        expect(r.status).toBe(400)
        expect((r.json as { errors: { context: { field: string } }[] }).errors[0]!.context.field).toBe(path.join('.'))
      }),
      { numRuns: oddRuns },
    )
  }, 600_000)

  it('50 uploads abandoned mid-body: each logged 499 at info, no error line, and the app keeps answering', async () => {
    const { requestIds } = await abortedUploads(50)
    const ids = new Set(requestIds)
    let logged: Record<string, unknown>[] = []
    for (let i = 0; i < 200 && logged.length < ids.size; i++) {
      logged = readFileSync(inject('appLogFile'), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => ids.has(l.clientRequestId as string))
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(logged).toHaveLength(ids.size)
    for (const line of logged) expect(line).toMatchObject({ level: 30, msg: 'request', status: 499 })
    expect(readFileSync(inject('appLogFile'), 'utf8')).not.toMatch(
      /"msg":"unhandled error".*aborted|aborted.*"msg":"unhandled error"/,
    )
    expect((await http.get('/api/v1/signer', { key: null })).status).toBe(200)
  }, 120_000)

  it(`${Math.ceil(oddRuns / 4)} sign-in messages for other domains ` +
    'and origins, sent under that Host: all refused, no cookie', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const own = new URL(http.baseUrl)
    const other = fc.oneof(
      fc.domain().map((d) => ({ domain: d, uri: `https://${d}`, host: d })),
      // our domain, another origin's uri
      fc.domain().map((d) => ({ domain: own.host, uri: `https://${d}/`, host: own.host })),
      fc
        .integer({ min: 1, max: 65535 })
        .filter((p) => p !== Number(own.port))
        .map((p) => ({
          domain: `${own.hostname}:${p}`,
          uri: `http://${own.hostname}:${p}`,
          host: `${own.hostname}:${p}`,
        })),
    )
    await fc.assert(
      fc.asyncProperty(other, async (o) => {
        const signed = await siweMessage(http.baseUrl, account, { domain: o.domain, uri: o.uri })
        const res = await rawPost(http.baseUrl, '/api/v1/auth/session', signed, { host: o.host })
        expect(res.status, `${o.domain} ${o.uri}`).toBe(401)
        expect(res.headers['set-cookie']).toBeUndefined()
        errorEnvelopeSchema.parse(JSON.parse(res.body))
      }),
      { numRuns: Math.ceil(oddRuns / 4) },
    )
  }, 600_000)
})
