import { createServer, request } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { answerNode, pathMatcher, takesGzip, type WebHandler } from './nodeAnswer'

describe('pathMatcher', () => {
  const portfolio = pathMatcher('/api/v1/accounts/{userAddress}/portfolio')
  const storedRoute = pathMatcher('/api/v1/accounts/{userAddress}/routes/{nonce}')
  const quote = pathMatcher('/api/v1/intents/route')

  it('matches an operation’s path, with its decoded parameters', () => {
    expect(storedRoute('/api/v1/accounts/0xabc/routes/12')).toEqual({ userAddress: '0xabc', nonce: '12' })
    expect(portfolio('/api/v1/accounts/a%20b/portfolio')).toEqual({ userAddress: 'a b' })
    expect(quote('/api/v1/intents/route')).toEqual({})
  })

  it('leaves everything else to Next: trailing slashes, extra segments, empty segments, bad encoding', () => {
    expect(portfolio('/api/v1/accounts/0xabc/portfolio/')).toBeUndefined()
    expect(portfolio('/api/v1/accounts/0xabc/x/portfolio')).toBeUndefined()
    expect(portfolio('/api/v1/accounts//portfolio')).toBeUndefined()
    expect(portfolio('/api/v1/accounts/%E0%A4%A/portfolio')).toBeUndefined()
    expect(quote('/api/v1/intentsXroute')).toBeUndefined()
  })
})

describe('takesGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['gzip;q=0', false],
    ['identity', false],
    ['*', true],
    ['gzip;q=0, *', false],
    ['*;q=0', false],
  ])('%j → %s', (header, expected) => {
    expect(takesGzip(header)).toBe(expected)
  })
})

type Answered = { status: number; headers: Record<string, unknown>; body: Buffer }

/** One request to a server answering every request with `handler`, as serve.mjs calls it. */
async function ask(handler: WebHandler, headers: Record<string, string> = {}): Promise<Answered> {
  const server = createServer((req, res) => void answerNode(handler)(req, res, {}))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  try {
    return await new Promise<Answered>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path: '/x', headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      req.on('error', reject)
      req.end()
    })
  } finally {
    server.close()
  }
}

const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch'
const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => `item ${i}`) })
/** A handler answering `big` as JSON, with these headers as well. */
function jsonAnswer(headers: Record<string, string>): WebHandler {
  return async () => new Response(big, { headers: { 'content-type': 'application/json', ...headers } })
}

describe('answerNode', () => {
  it('writes what Next would: its Vary, gzip from 1 KiB for a client that takes it, our own framing', async () => {
    // A handler's own framing headers are not the sender's (Next drops them too).
    const handler = jsonAnswer({ 'content-length': '3', 'content-encoding': 'br' })
    const zipped = await ask(handler, { 'accept-encoding': 'gzip' })
    expect(zipped.headers.vary).toBe(`${NEXT_VARY}, Accept-Encoding`)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length)
    expect(gunzipSync(zipped.body).toString()).toBe(big)
    const plain = await ask(handler)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(big)
  })

  it('leaves small answers, and answers that say no-transform, as they are', async () => {
    const small = await ask(async () => Response.json({ ok: true }), { 'accept-encoding': 'gzip' })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.headers.vary).toBe(`${NEXT_VARY}, Accept-Encoding`)
    const kept = await ask(jsonAnswer({ 'cache-control': 'no-transform' }), { 'accept-encoding': 'gzip' })
    expect(kept.headers['content-encoding']).toBeUndefined()
    expect(kept.headers.vary).toBe(NEXT_VARY)
  })
})

describe('answerNode with an event stream', () => {
  /** A server answering with a text/event-stream the test writes to by hand; `cancelled` settles
   * when the stream's cancel (its cleanup) runs. */
  async function eventServer() {
    let push: (text: string) => void = () => undefined
    let cancelled: () => void = () => undefined
    const wasCancelled = new Promise<void>((resolve) => (cancelled = resolve))
    const handler: WebHandler = async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text))
        },
        cancel: () => cancelled(),
      })
      return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } })
    }
    const server = createServer((req, res) => void answerNode(handler)(req, res, {}))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    return { port, push: (text: string) => push(text), wasCancelled, close: () => server.close() }
  }

  it('writes each event as it comes, unbuffered and uncompressed, and cancels the stream when the client goes', async () => {
    const s = await eventServer()
    try {
      const req = request({ port: s.port, host: '127.0.0.1', path: '/x', headers: { 'accept-encoding': 'gzip' } })
      const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
        req.on('response', resolve)
        req.on('error', reject)
        req.end()
      })
      expect(res.headers['content-type']).toBe('text/event-stream')
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.headers['content-length']).toBeUndefined()
      const next = () => new Promise<string>((resolve) => res.once('data', (c: Buffer) => resolve(c.toString())))
      for (const text of ['data: 1\n\n', 'data: 2\n\n']) {
        const arrived = next()
        s.push(text)
        // Each event arrives while the stream is still open: nothing waits for its end.
        expect(await arrived).toBe(text)
      }
      req.destroy()
      await s.wasCancelled
    } finally {
      s.close()
    }
  })
})

describe('answerNode: the request a handler reads', () => {
  it('holds what a Web Request made of the same Node request would: method, URL, headers, body', async () => {
    let seen: Record<string, unknown> = {}
    const server = createServer(
      (req, res) =>
        void answerNode(async (r) => {
          const body = await new Response(r.body).text()
          seen = {
            method: r.method,
            url: r.url,
            key: r.headers.get('X-Api-Key'),
            proto: r.headers.get('x-forwarded-proto'),
            host: r.headers.get('x-forwarded-host'),
            absent: r.headers.get('x-request-id'),
            aborted: r.signal.aborted,
            body,
          }
          return Response.json({ ok: true })
        })(req, res, {}),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          { port, host: '127.0.0.1', method: 'POST', path: '/api/v1/x/../y?a=1&b=%20', headers: { 'x-api-key': 'k1' } },
          (res) => {
            res.resume()
            res.on('end', () => resolve(res.statusCode ?? 0))
          },
        )
        req.on('error', reject)
        req.end('{"a":1}')
      })
      expect(status).toBe(200)
      expect(seen).toEqual({
        method: 'POST',
        url: new Request('http://localhost/api/v1/x/../y?a=1&b=%20').url,
        key: 'k1',
        proto: 'http',
        host: `127.0.0.1:${port}`,
        absent: null,
        aborted: false,
        body: '{"a":1}',
      })
    } finally {
      server.close()
    }
  })
})

/** A server answering with `handler` as serve.mjs does, and a raw request written to it (the socket
 * then ended, or destroyed at once when `hangUp`). */
async function rawAsk(handler: WebHandler, raw: string, hangUp = false): Promise<void> {
  const server = createServer((req, res) => void answerNode(handler)(req, res, {}))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(raw)
      if (!hangUp) return
      // Once the request is there (a destroy at once could drop the write): gone, unanswered.
      setTimeout(() => {
        socket.destroy()
        resolve()
      }, 20)
    })
    socket.on('error', reject)
    socket.on('data', () => socket.end())
    socket.on('end', () => resolve())
  })
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

describe('answerNode: headers and a body read late', () => {
  it('gives repeated and inherited header names as Web Headers would', async () => {
    let seen: Record<string, string | null> = {}
    await rawAsk(async (r) => {
      seen = {
        key: r.headers.get('x-api-key'),
        cookie: r.headers.get('cookie'),
        constructor: r.headers.get('constructor'),
        toString: r.headers.get('toString'),
      }
      return Response.json({ ok: true })
    }, 'GET /x HTTP/1.1\r\nHost: a\r\nX-Api-Key: a\r\nX-Api-Key: b\r\nCookie: a=1\r\nCookie: b=2\r\n\r\n')
    const web = new Headers([
      ['x-api-key', 'a'],
      ['x-api-key', 'b'],
    ])
    expect(seen).toEqual({ key: web.get('x-api-key'), cookie: 'a=1; b=2', constructor: null, toString: null })
  })

  it('settles a body read that starts after the client hung up (as the key check may still run then)', async () => {
    let outcome = ''
    let settled!: () => void
    const done = new Promise<void>((resolve) => {
      settled = resolve
    })
    const body = '{"a":1}'
    await rawAsk(
      async (r) => {
        await new Promise((resolve) => setTimeout(resolve, 100)) // the caller's checks
        try {
          outcome = `read ${await new Response(r.body).text()}`
        } catch {
          outcome = 'failed'
        }
        settled()
        return Response.json({ ok: true })
      },
      `POST /x HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      true,
    )
    const late = new Promise<void>((resolve) => setTimeout(resolve, 3_000))
    await Promise.race([done, late])
    // The whole body had arrived before the hang-up: the read ends (with it, or in failure: the
    // handler answers client_closed), and never waits for events already gone.
    expect(outcome).toMatch(/^(read \{"a":1\}|failed)$/)
  })
})
