// An operation's handler answering a Node request itself, as serve.mjs calls it for the API:
// without Next's request pipeline, which costs more CPU per request than a portfolio's chain reads
// (routing, its request metadata, body cloning, response piping). The handler reads what an
// ApiRequest holds (apiRequest.ts), here read straight off the Node request with the
// `x-forwarded-*` defaults Next would fill, no Web Request built; its answer is written with the
// headers Next would add (its Vary) and gzip from 1 KiB as Next does (an event stream is written as
// it comes), and a body it did not read is drained so a keep-alive connection goes on. Same handler,
// same module state as when Next's router calls it (`next start`, `next dev`);
// tests/integration/customServer.test.ts holds the answers of both side by side.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { ApiRequest } from './apiRequest'
import { errorResponse } from './http'
import { knownBytes } from './jsonResponse'
import { apiHeaders } from './securityHeaders'

type Params = Record<string, string>

export type WebHandler = (request: ApiRequest, context: { params: Promise<Params> }) => Promise<Response>

/** The parameters of a request path for an operation path with `{name}` placeholders (single path
 * segments, percent-decoded), or undefined when the path is not the operation's. Exact: no trailing
 * slash, no empty segment. */
export function pathMatcher(path: string): (requestPath: string) => Record<string, string> | undefined {
  const names: string[] = []
  const source = path
    .split('/')
    .map((segment) => {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1]
      if (name === undefined) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(name)
      return '([^/]+)'
    })
    .join('/')
  const pattern = new RegExp(`^${source}$`)
  return (requestPath) => {
    const match = pattern.exec(requestPath)
    if (!match) return undefined
    const params: Record<string, string> = {}
    try {
      names.forEach((name, i) => {
        params[name] = decodeURIComponent(match[i + 1] ?? '')
      })
    } catch {
      return undefined
    }
    return params
  }
}

export type NodeAnswer = (incoming: IncomingMessage, outgoing: ServerResponse, params: Params) => Promise<void>

/** `handler` answering a Node request: it runs on the request read off it (nodeRequest), and its
 * answer is written to the Node response. The answer never rejects. */
export function answerNode(handler: WebHandler): NodeAnswer {
  return (incoming, outgoing, params) => answer(handler, incoming, outgoing, params)
}

async function answer(handler: WebHandler, incoming: IncomingMessage, outgoing: ServerResponse, params: Params) {
  let response: Response
  try {
    response = await handler(nodeRequest(incoming), { params: Promise.resolve(params) })
  } catch (error) {
    // Handlers answer their own errors in the envelope; this is a request Node let through whose
    // target is no URL. It gets the envelope's headers all the same.
    response = errorResponse(error, randomUUID())
    for (const [name, value] of Object.entries(apiHeaders)) response.headers.set(name, value)
  }
  try {
    await send(outgoing, response, takesGzip(incoming.headers['accept-encoding']))
  } catch {
    // The client went away while the answer was written.
    outgoing.destroy()
  }
  // A body the handler did not read (refused before it, or over its limit) is read and dropped, as
  // Node does, so the next request on this connection is parsed.
  discardRest(incoming)
}

/** The request body as a Web stream that reads the socket only as fast as the handler does. Once
 * the stream is closed, errored or cancelled, nothing more is put into it: what still arrives is
 * dropped (a throw from a socket event would be an uncaught exception). */
function bodyStream(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        incoming.pause()
        incoming.on('data', (chunk: Buffer) => {
          if (done) return
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 0) <= 0) incoming.pause()
        })
        incoming.once('end', () => {
          if (done) return
          done = true
          controller.close()
        })
        incoming.once('error', (error) => {
          if (done) return
          done = true
          controller.error(error)
        })
        // Node destroys a request whose connection closes before it is answered, without an 'end'
        // (and without an 'error' once its body had all arrived): a read must not wait for either.
        incoming.once('close', () => {
          if (done) return
          done = true
          controller.error(new Error('the connection closed before the body was read'))
        })
      },
      pull() {
        if (!done) incoming.resume()
      },
      cancel() {
        done = true
        discardRest(incoming)
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  )
}

/** Stops feeding the body stream and reads whatever is left of the body to drop it. */
function discardRest(incoming: IncomingMessage): void {
  incoming.removeAllListeners('data')
  if (!incoming.complete && !incoming.destroyed) incoming.resume()
}

/** The request as the handler reads it, straight off the Node request: its headers read from
 * Node's own, with the `x-forwarded-*` defaults Next would fill in (the socket's address and
 * protocol, the Host header, the local port) when no proxy set them; its URL normalised as a Web
 * Request's is; its abort signal made only if the handler asks for it. */
function nodeRequest(incoming: IncomingMessage): ApiRequest {
  const h = incoming.headers
  const https = (incoming.socket as { encrypted?: boolean }).encrypted === true
  h['x-forwarded-host'] ??= h.host ?? 'localhost'
  h['x-forwarded-port'] ??= listeningPort(incoming, https)
  h['x-forwarded-proto'] ??= https ? 'https' : 'http'
  h['x-forwarded-for'] ??= incoming.socket.remoteAddress
  const method = incoming.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  const url = new URL(`${https ? 'https' : 'http'}://localhost${incoming.url ?? '/'}`).href
  // Made now, not when the handler first reads it: its listeners must see an end or an error that
  // comes while the handler is still checking the key (a client hanging up then would otherwise
  // leave the read waiting for events already gone).
  const body = hasBody ? bodyStream(incoming) : null
  let signal: AbortSignal | undefined
  return {
    method,
    url,
    headers: { get: (name) => headerValue(h, name.toLowerCase()) },
    body,
    // As a Web Request made without one: a signal nothing aborts.
    get signal() {
      signal ??= new AbortController().signal
      return signal
    },
  }
}

/** A Node header's value as Web Headers' get gives it: several values (Set-Cookie's) joined by ", ";
 * only the request's own headers (no name an object inherits, such as `constructor`). */
function headerValue(headers: IncomingMessage['headers'], name: string): string | null {
  if (!Object.hasOwn(headers, name)) return null
  const value = headers[name]
  if (value === undefined) return null
  return Array.isArray(value) ? value.join(', ') : value
}

/** The port the server listens on, read once per server (each socket's own read is a syscall). */
const ports = new WeakMap<object, string>()

function listeningPort(incoming: IncomingMessage, https: boolean): string {
  const server = (incoming.socket as { server?: object }).server
  const known = server && ports.get(server)
  if (known) return known
  const port = String(incoming.socket.localPort ?? (https ? 443 : 80))
  if (server) ports.set(server, port)
  return port
}

/** As Next's server does: a JSON or text body of 1 KiB or more is gzipped (off the main thread)
 * for a client that takes gzip, unless the answer says no-transform. */
const GZIP_FROM_BYTES = 1024
const gzipAsync = promisify(gzip)
/** What Next's server puts in the Vary of every App Router answer, a route handler's included
 * (setVaryHeader in its base server): the same answer has the same Vary whoever sends it. */
const APP_ROUTER_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch'
/** Framing is the sender's: Next drops these from a handler's Response too (its sendResponse). */
const FRAMING = new Set(['content-length', 'content-encoding', 'transfer-encoding'])

async function send(outgoing: ServerResponse, response: Response, acceptsGzip: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && !FRAMING.has(name)) headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  if (response.body && isEventStream(headers)) return stream(outgoing, response.status, headers, response.body)
  const known = knownBytes(response)
  const empty = response.status === 204 || response.status === 304 || (!response.body && !known)
  let body = empty ? undefined : (known ?? Buffer.from(await response.arrayBuffer()))
  // Next's compression names Accept-Encoding for every answer it could compress, whatever its size.
  const compresses = compressible(headers)
  headers.vary = [APP_ROUTER_VARY, headers.vary, compresses ? 'Accept-Encoding' : ''].filter((v) => v).join(', ')
  if (body) {
    if (acceptsGzip && compresses && body.length >= GZIP_FROM_BYTES) {
      body = await gzipAsync(body)
      headers['content-encoding'] = 'gzip'
    }
    headers['content-length'] = String(body.length)
  }
  outgoing.writeHead(response.status, headers)
  outgoing.end(body)
}

/** An event stream (text/event-stream) is written event by event as the handler produces it, never
 * buffered or compressed, and cancelled (its cleanup runs) when the client goes away. */
function isEventStream(headers: Record<string, string | string[]>): boolean {
  return /^text\/event-stream/i.test(String(headers['content-type'] ?? ''))
}

async function stream(
  outgoing: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body: ReadableStream<Uint8Array>,
): Promise<void> {
  headers.vary = [APP_ROUTER_VARY, headers.vary].filter((v) => v).join(', ')
  const reader = body.getReader()
  const cancel = () => void reader.cancel().catch(() => undefined)
  outgoing.once('close', cancel)
  outgoing.writeHead(status, headers)
  outgoing.flushHeaders()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done || outgoing.destroyed) break
      outgoing.write(value)
    }
  } finally {
    outgoing.off('close', cancel)
    if (!outgoing.destroyed) outgoing.end()
  }
}

function compressible(headers: Record<string, string | string[]>): boolean {
  const type = String(headers['content-type'] ?? '')
  const textual = /^(application\/([\w.+-]*\+)?json|text\/)/i.test(type)
  return textual && !/no-transform/i.test(String(headers['cache-control'] ?? ''))
}

/** Whether an Accept-Encoding header takes gzip: named, else `*`, with a non-zero weight. */
export function takesGzip(header: string | undefined): boolean {
  if (!header) return false
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [coding = '', ...options] = part.split(';').map((x) => x.trim().toLowerCase())
    const q = options.find((o) => o.startsWith('q='))
    weights.set(coding, q === undefined ? 1 : Number(q.slice(2)))
  }
  const weight = weights.get('gzip') ?? weights.get('*') ?? 0
  return weight > 0
}
