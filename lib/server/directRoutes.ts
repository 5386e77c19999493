// The API's operations answered straight from Node's 'request' event (socketPeer.ts hooks it),
// without Next's router in between. Next's pipeline costs more CPU per request than a portfolio's
// chain reads (routing, its request metadata, body cloning, response piping); an API request needs
// none of it, since every operation's handler only reads the Web Request it is given.
//
// A route file registers its handlers when Next first loads it (serve() in handle.ts), so the very
// same functions, with the same module state, answer either way: the first request to an operation
// goes through Next, later ones come here. Only exact paths of registered operations with their own
// method are taken; everything else (HEAD, 405s, preflights, trailing slashes, pages) stays Next's.
// The table lives on globalThis because Next bundles the instrumentation hook and the route files
// apart.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { errorResponse } from './http'
import { knownBytes } from './jsonResponse'
import { apiHeaders } from './securityHeaders'

export type DirectHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>

type DirectRoute = { method: string; source: string; pattern: RegExp; names: string[]; handler: DirectHandler }

const TABLE = Symbol.for('intent-router.direct-routes')

function table(): DirectRoute[] {
  const store = globalThis as { [TABLE]?: DirectRoute[] }
  store[TABLE] ??= []
  return store[TABLE]
}

/** Registers (or replaces) the handler of `method path`, where path is absolute with `{name}`
 * placeholders for single path segments. */
export function registerDirectRoute(method: string, path: string, handler: DirectHandler): void {
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
  const routes = table()
  const route = { method, source, pattern: new RegExp(`^${source}$`), names, handler }
  const existing = routes.findIndex((r) => r.method === method && r.source === source)
  if (existing === -1) routes.push(route)
  else routes[existing] = route
}

/** The registered route for a method and path (without its query), with its decoded parameters. */
export function matchDirectRoute(method: string, path: string): { handler: DirectHandler; params: Record<string, string> } | undefined {
  for (const route of table()) {
    if (route.method !== method) continue
    const match = route.pattern.exec(path)
    if (!match) continue
    const params: Record<string, string> = {}
    try {
      route.names.forEach((name, i) => {
        params[name] = decodeURIComponent(match[i + 1]!)
      })
    } catch {
      return undefined
    }
    return { handler: route.handler, params }
  }
  return undefined
}

/** Answers the request when a registered operation serves it; false leaves it to Next. */
export function dispatchDirect(request: IncomingMessage, response: ServerResponse): boolean {
  const url = request.url ?? '/'
  const query = url.indexOf('?')
  const found = matchDirectRoute(request.method ?? '', query === -1 ? url : url.slice(0, query))
  if (!found) return false
  void answer(request, response, found.handler, found.params)
  return true
}

async function answer(incoming: IncomingMessage, outgoing: ServerResponse, handler: DirectHandler, params: Record<string, string>): Promise<void> {
  let response: Response
  try {
    response = await handler(toRequest(incoming), { params: Promise.resolve(params) })
  } catch (error) {
    // Handlers answer their own errors in the envelope; this is a request Node let through that a
    // Web Request cannot hold. It gets the envelope's headers all the same.
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

/** The Web Request a route handler gets, with the x-forwarded-* defaults Next would fill in (the
 * socket's address and protocol, the Host header, the local port) when no proxy set them. */
function toRequest(incoming: IncomingMessage): Request {
  const h = incoming.headers
  const https = (incoming.socket as { encrypted?: boolean }).encrypted === true
  h['x-forwarded-host'] ??= h.host ?? 'localhost'
  h['x-forwarded-port'] ??= listeningPort(incoming, https)
  h['x-forwarded-proto'] ??= https ? 'https' : 'http'
  h['x-forwarded-for'] ??= incoming.socket.remoteAddress
  const headers = new Headers()
  for (const [name, value] of Object.entries(h)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  const method = incoming.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(`${https ? 'https' : 'http'}://localhost${incoming.url ?? '/'}`, {
    method,
    headers,
    ...(hasBody ? { body: bodyStream(incoming), duplex: 'half' } : {}),
  } as RequestInit)
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

async function send(outgoing: ServerResponse, response: Response, acceptsGzip: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  const empty = response.status === 204 || response.status === 304 || !response.body
  let body = empty ? undefined : (knownBytes(response) ?? Buffer.from(await response.arrayBuffer()))
  if (body) {
    const vary = headers.vary
    headers.vary = typeof vary === 'string' && vary !== '' ? `${vary}, Accept-Encoding` : 'Accept-Encoding'
    if (acceptsGzip && body.length >= GZIP_FROM_BYTES && compressible(headers)) {
      body = await gzipAsync(body)
      headers['content-encoding'] = 'gzip'
    }
    headers['content-length'] = String(body.length)
  }
  outgoing.writeHead(response.status, headers)
  outgoing.end(body)
}

function compressible(headers: Record<string, string | string[]>): boolean {
  const type = String(headers['content-type'] ?? '')
  return !headers['content-encoding'] && /^(application\/([\w.+-]*\+)?json|text\/)/i.test(type) && !/no-transform/i.test(String(headers['cache-control'] ?? ''))
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
