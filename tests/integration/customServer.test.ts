// API operations answered by serve.mjs without Next's router (their handlers' Node entry,
// lib/server/nodeAnswer.ts), through the production app: the same answers as a bare `next start`
// gives for the same build and database (status, headers, body, envelope, rate limits, gzip), one
// module instance for both paths (one rate-limit budget), one keep-alive connection surviving bodies
// the handler never read, gzip for clients that take it, and what stays Next's (HEAD, trailing slash).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Agent, type ClientRequest, request } from 'node:http'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { scopes } from '../../lib/config/scopes'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { routeSigner } from '../../lib/core/intentOp/serverSignature'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import { devnetActions } from '../support/devnetActions'
import { startNextStart } from '../support/nextStart'

const baseUrl = inject('baseUrl')
const apiKey = inject('apiKey')
// The demo account holds several tokens on every chain: a portfolio of a few KiB.
const demoAddress = inject('demoAddress')
const account = devnetActions(inject('rpcUrls')).freshAccount()
const agent = new Agent({ keepAlive: true, maxSockets: 1 })
const sql = await openDatabase({ url: inject('databaseUrl') })
afterAll(async () => {
  agent.destroy()
  await sql.close()
})

type Answer = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  reused: boolean
}
type Body = string | Buffer | ((req: ClientRequest) => void)
type Fields = Record<string, string>

/** One request over the shared keep-alive agent; `body` is sent whole, or written by the function
 * (which must end the request), e.g. in pieces without a Content-Length. */
function send(method: string, path: string, headers: Fields = {}, body?: Body): Promise<Answer> {
  return sendTo(baseUrl, agent, method, path, headers, body)
}

function sendTo(origin: string, via: Agent, method: string, path: string, headers: Fields, body?: Body) {
  return new Promise<Answer>((resolve, reject) => {
    const options = { method, agent: via, headers: { 'x-api-key': apiKey, ...headers } }
    const req = request(`${origin}${path}`, options, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const status = res.statusCode ?? 0
        resolve({ status, headers: res.headers, body: Buffer.concat(chunks), reused: req.reusedSocket })
      })
    })
    req.on('error', reject)
    if (typeof body === 'function') body(req)
    else req.end(body)
  })
}

const portfolio = `/api/v1/accounts/${demoAddress}/portfolio`
const route = '/api/v1/intents/route'
const json = { 'content-type': 'application/json' }

describe('API operations answered without Next’s router', () => {
  it('answers the same portfolio on every request, over one connection', async () => {
    const first = await send('GET', portfolio)
    const again = await send('GET', portfolio)
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    const strip = (b: Buffer) => JSON.stringify({ ...JSON.parse(b.toString()), blocks: undefined })
    expect(strip(again.body)).toBe(strip(first.body))
    expect(again.headers['x-trace-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(again.headers['cache-control']).toBe('no-store')
    expect(again.headers['access-control-allow-origin']).toBe('*')
    expect(again.reused).toBe(true)
  })

  it('keeps the connection usable after bodies the handler refused unread or read only in part', async () => {
    const unread = await send('POST', route, { 'content-type': 'text/plain' }, 'x'.repeat(200_000))
    expect(unread.status).toBe(415)
    const keyless = await send('POST', route, { ...json, 'x-api-key': '' }, 'not json')
    expect(keyless.status).toBe(401)
    const tooLarge = await send('POST', route, json, Buffer.alloc(2 * 1024 * 1024, 0x20))
    expect(tooLarge.status).toBe(413)
    const after = await send('GET', portfolio)
    expect(after.status).toBe(200)
    expect([keyless.reused, tooLarge.reused, after.reused]).toEqual([true, true, true])
    expect(JSON.parse(after.body.toString()).portfolio).toBeInstanceOf(Array)
  })

  it('refuses a chunked body over the limit and keeps serving, with no error raised in the server', async () => {
    // No Content-Length: the limit is met while reading, after which the body is cancelled.
    const answer = await send('POST', route, json, (req) => {
      for (let i = 0; i < 18; i++) req.write(Buffer.alloc(64 * 1024, 0x20))
      req.end()
    })
    expect(answer.status).toBe(413)
    const after = await send('GET', portfolio)
    expect(after.status).toBe(200)
    // The app's output: nothing thrown from the body stream after it was cancelled.
    await new Promise((r) => setTimeout(r, 200))
    expect(readFileSync(inject('appLogFile'), 'utf8')).not.toMatch(/Invalid state|uncaught|ERR_INVALID_STATE/i)
  })

  it('reads a body sent in pieces to the end', async () => {
    const body = JSON.stringify({
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '1' }],
      account: { address: account.address, accountType: 'EOA' },
    })
    const answer = await send('POST', route, json, (req) => {
      req.write(body.slice(0, 20))
      setTimeout(() => req.end(body.slice(20)), 50)
    })
    // Parsed to the end: the answer is about the request's content, not a malformed body.
    expect(answer.status, answer.body.toString()).not.toBe(400)
    expect(JSON.parse(answer.body.toString()).code ?? 'OK').not.toBe('MALFORMED_JSON')
  })

  it('stores each route as the very bytes it answers but its serverSignature, ours over what is stored', async () => {
    const ask = JSON.stringify({
      destinationChainId: 42161,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }],
      account: { address: demoAddress, accountType: 'EOA' },
    })
    const signer = JSON.parse((await send('GET', '/api/v1/signer')).body.toString()).address as string
    for (const answer of [await send('POST', route, json, ask), await send('POST', route, json, ask)]) {
      expect(answer.status, answer.body.toString()).toBe(200)
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
      const { nonce, serverSignature } = JSON.parse(answer.body.toString()).intentOp as {
        nonce: string
        serverSignature: Hex
      }
      type Stored = { response: { intentOp: Omit<WireIntentOp, 'serverSignature'> }; response_digest: string }
      const [row] = await sql.query<Stored>('SELECT response, response_digest FROM routes WHERE nonce = $1', [nonce])
      // The route was stored while it was signed: its text is the answer's bytes less the signature…
      const unsigned = answer.body.toString().replace(`,"serverSignature":"${serverSignature}"`, '')
      expect(unsigned.length).toBe(answer.body.length - `,"serverSignature":"${serverSignature}"`.length)
      expect(row?.response_digest).toBe(`0x${createHash('sha256').update(unsigned).digest('hex')}`)
      expect(row?.response.intentOp).not.toHaveProperty('serverSignature')
      // …and the signature the client got is this service's over exactly what was stored.
      expect(await routeSigner({ ...row!.response.intentOp, serverSignature })).toBe(signer)
    }
  })

  it('gzips a large answer for a client that takes gzip, and only then', async () => {
    const plain = await send('GET', portfolio, { 'accept-encoding': 'identity' })
    const zipped = await send('GET', portfolio, { 'accept-encoding': 'gzip, deflate, br' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThanOrEqual(1024)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toMatch(/accept-encoding/i)
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length)
    const unzipped = JSON.parse(gunzipSync(zipped.body).toString())
    expect(unzipped.portfolio).toEqual(JSON.parse(plain.body.toString()).portfolio)
  })

  it('shares its handlers’ module state with Next’s router: one rate-limit budget for both paths', async () => {
    const { key } = await createApiKey(sql, {
      name: 'one budget',
      scopes: ['portfolio:read'],
      rateLimit: '3/min',
    })
    const direct = await send('GET', portfolio, { 'x-api-key': key }) // serve.mjs
    const throughNext = await send('HEAD', portfolio, { 'x-api-key': key }) // Next runs GET for HEAD
    const again = await send('GET', portfolio, { 'x-api-key': key })
    const over = await send('GET', portfolio, { 'x-api-key': key })
    expect([direct.status, throughNext.status, again.status, over.status]).toEqual([200, 200, 200, 429])
  })

  it('leaves HEAD, trailing slashes and unknown methods to Next', async () => {
    const head = await send('HEAD', portfolio)
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    const slash = await send('GET', `${portfolio}/`)
    expect(slash.status).toBe(308)
    expect(slash.headers.location).toBe(portfolio)
    const put = await send('PUT', portfolio)
    expect(put.status).toBe(405)
    expect(put.headers.allow).toBe('GET')
  })
})

// A bare `next start` of the same build, on the same database and devnet: Next's router runs every
// operation there. It has keys of its own (route signing, browser key), so the answers compared here
// depend on neither. Framing is the transport's, not the answer's: Next streams a body chunked where
// serve.mjs knows its length; trace ids are per request and rate-limit resets per second.
describe('the same answers as a bare `next start`', () => {
  const root = join(import.meta.dirname, '..', '..')
  const nextAgent = new Agent({ keepAlive: true, maxSockets: 1 })
  let nextStart: { origin: string; stop: () => Promise<void> } | undefined
  // A key of its own for each server, so that each counts the same requests against it.
  const keys = { ours: '', nexts: '' }
  beforeAll(async () => {
    nextStart = await startNextStart(root)
    for (const server of ['ours', 'nexts'] as const) {
      keys[server] = (await createApiKey(sql, { name: `same answers ${server}`, scopes, rateLimit: '1000/min' })).key
    }
  }, 90_000)
  afterAll(async () => {
    nextAgent.destroy()
    await nextStart?.stop()
  })

  const FRAMING = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-trace-id'])
  const PER_SECOND = new Set(['ratelimit-reset', 'retry-after'])

  /** Status, headers and body as the client reads them (gunzipped), with the per-request parts named. */
  function comparable(answer: Answer) {
    const headers: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(answer.headers)) {
      if (FRAMING.has(name)) continue
      headers[name] = PER_SECOND.has(name) ? 'a number of seconds' : value
    }
    const bytes = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body
    let body: unknown = bytes.toString()
    try {
      const parsed = JSON.parse(bytes.toString())
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        // The envelope's trace id is the answer's own.
        if ('traceId' in parsed) expect(parsed.traceId).toBe(answer.headers['x-trace-id'])
        // A portfolio names the blocks it read, which the devnet's traffic moves on.
        body = { ...parsed, traceId: 'traceId' in parsed ? 'its own' : undefined, blocks: undefined }
      } else body = parsed
    } catch {
      // not JSON: compared as text
    }
    return { status: answer.status, headers, body }
  }

  type Case = [name: string, method: string, path: string, headers: Record<string, string>, body?: string]
  const storedRoute = `/api/v1/accounts/${demoAddress}/routes/999999999999`
  const cases: Case[] = [
    ['a portfolio, gzipped', 'GET', portfolio, { 'accept-encoding': 'gzip, deflate, br' }],
    ['a portfolio, plain', 'GET', portfolio, { 'accept-encoding': 'identity' }],
    ['the chains', 'GET', '/api/v1/chains', { 'accept-encoding': 'gzip' }],
    ['the OpenAPI document', 'GET', '/api/v1/openapi.json', { 'accept-encoding': 'gzip' }],
    ['a session (keyless)', 'GET', '/api/v1/auth/session', {}],
    ['a bad path parameter', 'GET', '/api/v1/accounts/0xnot-an-address/portfolio', {}],
    ['no key', 'GET', portfolio, { 'x-api-key': '' }],
    ['a wrong key', 'GET', portfolio, { 'x-api-key': 'ir_wrongwrong_0000000000000000000000000000000000000000000' }],
    ['a stored route that is not there', 'GET', storedRoute, {}],
    ['a body of another type', 'POST', route, { 'content-type': 'text/plain' }, 'x'],
    ['malformed JSON', 'POST', route, json, '{"destinationChainId":'],
    ['an invalid route request', 'POST', route, json, JSON.stringify({ destinationChainId: 'one' })],
    ['a body over the limit', 'POST', route, json, ' '.repeat(2 * 1024 * 1024)],
  ]

  it.each(cases)('%s', async (_name, method, path, headers, body) => {
    const origin = nextStart?.origin ?? ''
    const ours = await send(method, path, { 'x-api-key': keys.ours, ...headers }, body)
    const nexts = await sendTo(origin, nextAgent, method, path, { 'x-api-key': keys.nexts, ...headers }, body)
    expect(comparable(ours)).toEqual(comparable(nexts))
  })

  it('a successful route: the same status and headers (its nonce and signature are each server’s own)', async () => {
    const ask = JSON.stringify({
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }],
      account: { address: demoAddress, accountType: 'EOA' },
    })
    const gzipped = { ...json, 'accept-encoding': 'gzip' }
    const ours = comparable(await send('POST', route, { ...gzipped, 'x-api-key': keys.ours }, ask))
    const theirs = { ...gzipped, 'x-api-key': keys.nexts }
    const nexts = comparable(await sendTo(nextStart?.origin ?? '', nextAgent, 'POST', route, theirs, ask))
    expect(ours.status).toBe(200)
    expect({ ...ours, body: undefined }).toEqual({ ...nexts, body: undefined })
  })

  it('the same rate limit: a key of two a minute is answered twice, then refused, with the same headers', async () => {
    const limited = async (origin: string, via: Agent) => {
      const name = `two a minute at ${origin.replace(/\W/g, ' ')}`
      const { key } = await createApiKey(sql, { name, scopes: ['portfolio:read'], rateLimit: '2/min' })
      const answers = []
      for (let i = 0; i < 3; i++) {
        answers.push(comparable(await sendTo(origin, via, 'GET', portfolio, { 'x-api-key': key })))
      }
      return answers
    }
    const ours = await limited(baseUrl, agent)
    const nexts = await limited(nextStart?.origin ?? '', nextAgent)
    expect(ours.map((a) => a.status)).toEqual([200, 200, 429])
    expect(ours).toEqual(nexts)
  })
})
