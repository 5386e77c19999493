// The viem transport every process's HTTP(S) chain requests go through (the server's reads, the
// filler's and the attester's reads and sends): JSON-RPC over kept-alive connections — to an
// http: node through keepAliveHttp.ts (one write per request, its answer framed by hand), to an
// https: node through a node:https keep-alive agent — so each RPC node is reached over a small pool
// of open connections, without global fetch's WHATWG machinery and without Next.js's patched fetch
// (its data cache and dedupe must never touch JSON-RPC).
//
// It is viem's `custom` transport (an EIP-1193 `request`) rather than `http` with a fetch of our
// own: viem's HTTP client spends ~10 µs of CPU on every request before it reaches the socket
// (three Headers objects, an AbortController and a timeout race, the body stringified again), more
// than the request costs. viem still wraps it in its retry and error mapping (buildRequest), and
// failures are the errors its HTTP transport throws — HttpRequestError (with the status),
// RpcRequestError (with the node's code), TimeoutError — so retries and reasons read the same.
//
// Requests made in the same turn of the event loop (a route's eth_call, gas price and code reads on
// one chain) go out as one JSON-RPC batch, each caller getting its own answer by id, except that
// signed transactions' broadcasts form a batch of their own (sent again one by one, they are the
// same bytes) and a node-signed eth_sendTransaction goes alone; a node that answers a batch with
// anything but one answer per request gets the requests one by one.
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { custom, HttpRequestError, RpcRequestError, stringify, TimeoutError, type Transport } from 'viem'
import { HttpFailure, type HttpTarget, postHttp } from './keepAliveHttp'

/** Open connections kept per RPC origin; more are opened under load and closed when idle. */
const MAX_FREE_SOCKETS = 64
const IDLE_TIMEOUT_MS = 4_000
/** The largest answer read (viem's own default bound). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024
/** The most requests folded into one batch (providers cap batch sizes; ours stay far below). */
const MAX_BATCH = 20

const agentOptions = {
  keepAlive: true,
  maxFreeSockets: MAX_FREE_SOCKETS,
  timeout: IDLE_TIMEOUT_MS,
  scheduling: 'lifo' as const,
}
const httpAgent = new HttpAgent(agentOptions)
const httpsAgent = new HttpsAgent(agentOptions)

export type RpcTransportOptions = {
  /** Per request, from asking to its answer's last byte, whatever went out meanwhile (ms). */
  timeout: number
  retryCount: number
  retryDelay: number
}

type Call = { jsonrpc: '2.0'; id: number; method: string; params?: unknown }
type RpcError = { code: number; message: string; data?: unknown }
type Answer = { id?: unknown; result?: unknown; error?: RpcError }
/** A caller waiting for its answer, until `deadline` (ms, performance.now()). */
type Waiting = { call: Call; deadline: number; resolve: (result: unknown) => void; reject: (error: unknown) => void }
/** An answer as read: its headers as Node gives them (a Headers object is built only for a refusal). */
type Reply = { status: number; statusText: string; headers: IncomingHttpHeaders; text: string }

let lastId = 0

export function rpcTransport(url: string, options: RpcTransportOptions): Transport {
  const node = parseNode(url)
  let queue: Waiting[] | undefined
  const request = ({ method, params }: { method: string; params?: unknown }) =>
    new Promise<unknown>((resolve, reject) => {
      if (!queue) {
        const turn: Waiting[] = []
        queue = turn
        setImmediate(() => {
          queue = undefined
          // A transaction's broadcast never waits on a slow read (nor fails with it at a read's
          // deadline): broadcasts go in a batch of their own, in the order they were asked.
          // A node-signed send (eth_sendTransaction) goes alone: a batch sent again one by one
          // would have the node sign and send it twice.
          const broadcasts: Waiting[] = []
          const reads: Waiting[] = []
          for (const w of turn) {
            if (w.call.method === 'eth_sendTransaction') sendOne(node, w)
            else (w.call.method === 'eth_sendRawTransaction' ? broadcasts : reads).push(w)
          }
          for (const part of [broadcasts, reads])
            for (let i = 0; i < part.length; i += MAX_BATCH) send(node, part.slice(i, i + MAX_BATCH))
        })
      }
      lastId = lastId >= Number.MAX_SAFE_INTEGER ? 1 : lastId + 1
      const call: Call = { jsonrpc: '2.0', id: lastId, method, ...(params === undefined ? {} : { params }) }
      queue.push({ call, deadline: performance.now() + options.timeout, resolve, reject })
    })
  return custom(
    { request },
    {
      key: 'rpc',
      name: 'JSON-RPC over keep-alive HTTP',
      retryCount: options.retryCount,
      retryDelay: options.retryDelay,
    },
  )
}

/** An http: node is reached through keepAliveHttp.ts (`target`), an https: one through node:https. */
type Node = { url: URL; shown: string; headers: Record<string, string>; target: HttpTarget | undefined }

/** Credentials in the URL (https://user:pass@host) go as Basic authorization, as viem's HTTP
 * transport sends them; errors name the node without them. */
function parseNode(raw: string): Node {
  const url = new URL(raw)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`
    url.username = ''
    url.password = ''
  }
  const target: HttpTarget | undefined =
    url.protocol === 'http:'
      ? {
          host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: Number(url.port || 80),
          path: `${url.pathname || '/'}${url.search}`,
          hostHeader: url.host,
          headers: Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        }
      : undefined
  return { url, shown: url.toString(), headers, target }
}

/** A request's JSON: JSON.stringify as it is, several times faster than with viem's bigint replacer
 * (a replacer function takes the slow path); a bigint anywhere, which JSON.stringify refuses, goes
 * through viem's stringify, as a decimal string as viem sends it. Anything else it cannot write
 * (a cycle) fails in both. */
function toJson(value: unknown): string {
  try {
    return JSON.stringify(value)
  } catch (error) {
    if (error instanceof TypeError) return stringify(value)
    throw error
  }
}

/** Statuses that say "not now" rather than "not like this": a batch answered with one of them fails
 * its requests (viem retries each, after any Retry-After) instead of going again one by one. */
const TRANSIENT = new Set([408, 429, 500, 502, 503, 504])

function send(node: Node, part: Waiting[]): void {
  const [only] = part
  if (part.length === 1 && only) {
    sendOne(node, only)
    return
  }
  let body: string
  try {
    body = toJson(part.map((w) => w.call))
  } catch (error) {
    for (const w of part) w.reject(error)
    return
  }
  post(node, body, Math.min(...part.map((w) => w.deadline))).then(
    (reply) => {
      const answers = reply.status >= 200 && reply.status < 300 ? parseOr(reply.text) : undefined
      const paired = pairAnswers(part, answers)
      if (paired) {
        for (const [w, answer] of paired) settle(node, w, answer)
      } else if (TRANSIENT.has(reply.status)) {
        for (const w of part) w.reject(refusal(node, w.call, reply, parseOr(reply.text)))
      } else {
        // The node refused or garbled the batch: each request goes alone, in the time it has left.
        for (const w of part) sendOne(node, w)
      }
    },
    (error: unknown) => {
      for (const w of part) w.reject(failure(node, w.call, error))
    },
  )
}

/** Each waiting call with its answer, when the batch's answer holds exactly one per call; else undefined. */
function pairAnswers(part: readonly Waiting[], answers: unknown): [Waiting, Answer][] | undefined {
  if (!Array.isArray(answers) || answers.length !== part.length) return undefined
  const byId = new Map((answers as Answer[]).map((a) => [a?.id, a]))
  if (byId.size !== part.length) return undefined
  const paired: [Waiting, Answer][] = []
  for (const w of part) {
    const answer = byId.get(w.call.id)
    if (!answer) return undefined
    paired.push([w, answer])
  }
  return paired
}

function sendOne(node: Node, w: Waiting): void {
  let body: string
  try {
    body = toJson(w.call)
  } catch (error) {
    w.reject(error)
    return
  }
  post(node, body, w.deadline).then(
    (reply) => {
      // As viem's HTTP client reads an answer: JSON by its content type, else tried as JSON.
      const ok = reply.status >= 200 && reply.status < 300
      let data: unknown
      try {
        data = JSON.parse(
          String(reply.headers['content-type'] ?? '').startsWith('application/json') ? reply.text : reply.text || '{}',
        )
      } catch (error) {
        if (ok) return w.reject(new HttpRequestError({ body: w.call, cause: error as Error, url: node.shown }))
        data = { error: reply.text }
      }
      if (!ok) return w.reject(refusal(node, w.call, reply, data))
      settle(node, w, (data ?? {}) as Answer)
    },
    (error: unknown) => w.reject(failure(node, w.call, error)),
  )
}

function settle(node: Node, w: Waiting, answer: Answer): void {
  if (answer.error) w.reject(new RpcRequestError({ body: w.call, error: answer.error, url: node.shown }))
  else w.resolve(answer.result)
}

/** A non-2xx answer, as viem's HTTP client throws it: a JSON-RPC error body keeps its RPC error
 * (and its class, by code), anything else is an HTTP error; both carry the status and headers
 * (viem waits out a Retry-After). */
function refusal(node: Node, call: Call, reply: Reply, data: unknown): Error {
  const headers = new Headers()
  for (const [name, value] of Object.entries(reply.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  const body = Array.isArray(data) && data.length === 1 ? data[0] : data
  const error = (body as { error?: unknown } | undefined)?.error as RpcError | undefined
  if (typeof error?.code === 'number' && typeof error.message === 'string') {
    return new RpcRequestError({ body: call, error, headers, status: reply.status, url: node.shown })
  }
  const details = (data as { error?: unknown } | undefined)?.error
  return new HttpRequestError({
    body: call,
    details:
      (details === undefined
        ? ''
        : typeof details === 'string'
          ? details.slice(0, 500)
          : stringify(details).slice(0, 500)) || reply.statusText,
    headers,
    status: reply.status,
    url: node.shown,
  })
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

class Timeout extends Error {}

function failure(node: Node, call: Call, error: unknown): Error {
  if (error instanceof Timeout) return new TimeoutError({ body: call, url: node.shown })
  return new HttpRequestError({
    body: call,
    cause: error instanceof Error ? error : new Error(String(error)),
    url: node.shown,
  })
}

/** One POST, answered by `deadline` (its answer read whole, within the size bound). */
function post(node: Node, body: string, deadline: number, mayRetry = true): Promise<Reply> {
  if (node.target) return postHttpNode(node.target, body, deadline, mayRetry)
  return new Promise((resolve, reject) => {
    const left = deadline - performance.now()
    if (left <= 0) return reject(new Timeout('timed out'))
    let done = false
    const finish = (outcome: () => void) => {
      if (done) return
      done = true
      clearTimeout(timer)
      outcome()
    }
    const https = node.url.protocol === 'https:'
    const req = (https ? httpsRequest : httpRequest)(
      node.url,
      { method: 'POST', headers: node.headers, agent: https ? httpsAgent : httpAgent },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > MAX_BODY_BYTES) fail(new Error(`RPC answer larger than ${MAX_BODY_BYTES} bytes`))
          else chunks.push(chunk)
        })
        res.once('end', () =>
          finish(() => {
            const [only] = chunks
            const text = chunks.length === 1 && only ? only.toString('utf8') : Buffer.concat(chunks).toString('utf8')
            resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers, text })
          }),
        )
        res.once('error', fail)
        res.once('aborted', () => fail(new Error('RPC answer aborted')))
      },
    )
    const timer = setTimeout(() => fail(new Timeout('timed out')), left)
    function fail(error: NodeJS.ErrnoException) {
      // A kept-alive connection the node closed while idle fails on first write: the request never
      // reached the node, so it goes once more on a fresh connection, within the same deadline.
      const retry = mayRetry && req.reusedSocket && error.code === 'ECONNRESET'
      finish(() => (retry ? post(node, body, deadline, false).then(resolve, reject) : reject(error)))
      req.destroy()
    }
    req.once('error', fail)
    req.end(body)
  })
}

/** post() to an http: node, through keepAliveHttp.ts. */
function postHttpNode(target: HttpTarget, body: string, deadline: number, mayRetry: boolean): Promise<Reply> {
  const left = deadline - performance.now()
  if (left <= 0) return Promise.reject(new Timeout('timed out'))
  const { answer, abort } = postHttp(target, body, MAX_BODY_BYTES)
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    abort()
  }, left)
  return answer.then(
    (reply) => {
      clearTimeout(timer)
      return reply
    },
    (error: unknown) => {
      clearTimeout(timer)
      if (timedOut) throw new Timeout('timed out')
      // A kept-alive connection the node closed while idle fails on first write, before any answer:
      // the request never reached the node, so it goes once more on a fresh connection, within the
      // same deadline.
      const stale =
        error instanceof HttpFailure &&
        error.reused &&
        !error.answered &&
        (error.code === 'ECONNRESET' || error.code === 'EPIPE')
      if (mayRetry && stale) return postHttpNode(target, body, deadline, false)
      throw error
    },
  )
}
