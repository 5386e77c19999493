// API operations answered without Next's router (lib/server/directRoutes.ts), through the
// production app: the same answers as through Next, one keep-alive connection surviving bodies the
// handler never read, gzip for clients that take it, and what stays Next's (HEAD, trailing slash).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Agent, type ClientRequest, request } from 'node:http'
import { gunzipSync } from 'node:zlib'
import type { Hex } from 'viem'
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { routeSigner } from '../../lib/core/intentOp/serverSignature'
import { openDatabase } from '../../lib/storage/openDatabase'
import { devnetActions } from '../support/devnetActions'

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

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; reused: boolean }

/** One request over the shared keep-alive agent; `body` is sent whole, or written by the function
 * (which must end the request), e.g. in pieces without a Content-Length. */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer | ((req: ClientRequest) => void),
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { method, agent, headers: { 'x-api-key': apiKey, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          reused: req.reusedSocket,
        }),
      )
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
  it('answers the same portfolio on every request after the first, over one connection', async () => {
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
    await send('POST', route, json, '{}') // loads the route module through Next
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

  it('stores each route as the very bytes it answers but its serverSignature, which is ours over what is stored', async () => {
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
      const [row] = await sql.query<{
        response: { intentOp: Omit<WireIntentOp, 'serverSignature'> }
        response_digest: string
      }>('SELECT response, response_digest FROM routes WHERE nonce = $1', [nonce])
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
