// The viem transport the server's chain reads go through: JSON-RPC over node:http / node:https
// keep-alive agents, so each RPC node is reached over a small pool of open connections, without
// global fetch's WHATWG machinery and without Next.js's patched fetch (its data cache and dedupe
// must never touch JSON-RPC).
//
// It is viem's `custom` transport (an EIP-1193 `request`) rather than `http` with a fetch of our
// own: viem's HTTP client spends ~10 µs of CPU on every request before it reaches the socket
// (three Headers objects, an AbortController and a timeout race, the body stringified again), more
// than the request costs. viem still wraps it in its retry and error mapping (buildRequest), and
// failures are the errors its HTTP transport throws — HttpRequestError (with the status),
// RpcRequestError (with the node's code), TimeoutError — so retries and reasons read the same.
//
// Requests made in the same turn of the event loop (a route's eth_call, gas price and code reads on
// one chain) go out as one JSON-RPC batch, each caller getting its own answer by id; a node that
// answers a batch with anything but one answer per request gets the requests one by one.
import { Agent as HttpAgent, request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { custom, HttpRequestError, RpcRequestError, TimeoutError, type Transport } from 'viem'

/** Open connections kept per RPC origin; more are opened under load and closed when idle. */
const MAX_FREE_SOCKETS = 64
const IDLE_TIMEOUT_MS = 4_000
/** The largest answer read (viem's own default bound). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024
/** The most requests folded into one batch (providers cap batch sizes; ours stay far below). */
const MAX_BATCH = 20

const agentOptions = { keepAlive: true, maxFreeSockets: MAX_FREE_SOCKETS, timeout: IDLE_TIMEOUT_MS, scheduling: 'lifo' as const }
const httpAgent = new HttpAgent(agentOptions)
const httpsAgent = new HttpsAgent(agentOptions)

export type RpcTransportOptions = {
  /** Per request, from sending it to its answer's last byte (ms). */
  timeout: number
  retryCount: number
  retryDelay: number
}

type Call = { jsonrpc: '2.0'; id: number; method: string; params?: unknown }
type Answer = { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } }
type Waiting = { call: Call; resolve: (result: unknown) => void; reject: (error: unknown) => void }

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
          for (let i = 0; i < turn.length; i += MAX_BATCH) send(node, turn.slice(i, i + MAX_BATCH), options.timeout)
        })
      }
      lastId = lastId >= Number.MAX_SAFE_INTEGER ? 1 : lastId + 1
      queue.push({ call: { jsonrpc: '2.0', id: lastId, method, ...(params === undefined ? {} : { params }) }, resolve, reject })
    })
  return custom({ request }, { key: 'rpc', name: 'JSON-RPC over keep-alive HTTP', retryCount: options.retryCount, retryDelay: options.retryDelay })
}

type Node = { url: URL; shown: string; headers: Record<string, string> }

/** Credentials in the URL (https://user:pass@host) go as Basic authorization, as viem's HTTP
 * transport sends them; errors name the node without them. */
function parseNode(raw: string): Node {
  const url = new URL(raw)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (url.username || url.password) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
    url.username = ''
    url.password = ''
  }
  return { url, shown: url.toString(), headers }
}

function send(node: Node, part: Waiting[], timeout: number) {
  if (part.length === 1) return void sendOne(node, part[0]!, timeout)
  const calls = part.map((w) => w.call)
  post(node, JSON.stringify(calls), timeout).then(
    ({ status, text }) => {
      const answers = status >= 200 && status < 300 ? parseOr(text) : undefined
      const byId = Array.isArray(answers) && answers.length === part.length ? new Map((answers as Answer[]).map((a) => [a?.id, a])) : undefined
      if (!byId || byId.size !== part.length || calls.some((c) => !byId.has(c.id))) {
        // The node refused or garbled the batch: each request goes alone.
        for (const w of part) sendOne(node, w, timeout)
        return
      }
      for (const w of part) settle(node, w, byId.get(w.call.id)!)
    },
    (error: unknown) => {
      for (const w of part) w.reject(failure(node, w.call, error))
    },
  )
}

function sendOne(node: Node, w: Waiting, timeout: number) {
  post(node, JSON.stringify(w.call), timeout).then(
    ({ status, text }) => {
      if (status < 200 || status >= 300) return w.reject(new HttpRequestError({ body: w.call, details: text.slice(0, 500) || `HTTP ${status}`, status, url: node.shown }))
      const answer = parseOr(text)
      if (!answer || typeof answer !== 'object' || Array.isArray(answer)) {
        return w.reject(new HttpRequestError({ body: w.call, details: 'the answer is not a JSON-RPC response', status, url: node.shown }))
      }
      settle(node, w, answer as Answer)
    },
    (error: unknown) => w.reject(failure(node, w.call, error)),
  )
}

function settle(node: Node, w: Waiting, answer: Answer) {
  if (answer.error) w.reject(new RpcRequestError({ body: w.call, error: answer.error, url: node.shown }))
  else w.resolve(answer.result)
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
  return new HttpRequestError({ body: call, cause: error instanceof Error ? error : new Error(String(error)), url: node.shown })
}

/** One POST; its answer's status and text, read within the timeout and the size bound. */
function post(node: Node, body: string, timeout: number, mayRetry = true): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let done = false
    const finish = (outcome: () => void) => {
      if (done) return
      done = true
      clearTimeout(timer)
      outcome()
    }
    const https = node.url.protocol === 'https:'
    const req = (https ? httpsRequest : httpRequest)(node.url, { method: 'POST', headers: node.headers, agent: https ? httpsAgent : httpAgent }, (res) => {
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_BODY_BYTES) fail(new Error(`RPC answer larger than ${MAX_BODY_BYTES} bytes`))
        else chunks.push(chunk)
      })
      res.once('end', () => finish(() => resolve({ status: res.statusCode ?? 0, text: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8') })))
      res.once('error', fail)
      res.once('aborted', () => fail(new Error('RPC answer aborted')))
    })
    const timer = setTimeout(() => fail(new Timeout('timed out')), timeout)
    function fail(error: NodeJS.ErrnoException) {
      // A kept-alive connection the node closed while idle fails on first write: the request never
      // reached the node, so it goes once more on a fresh connection.
      const retry = mayRetry && req.reusedSocket && error.code === 'ECONNRESET'
      finish(() => (retry ? post(node, body, timeout, false).then(resolve, reject) : reject(error)))
      req.destroy()
    }
    req.once('error', fail)
    req.end(body)
  })
}
