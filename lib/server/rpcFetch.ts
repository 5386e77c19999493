// The fetch viem's HTTP transports use for chain reads: node:http / node:https over keep-alive
// agents, so each RPC node is reached over a small pool of open connections, without global
// fetch's WHATWG stream machinery (which cost more CPU than a local node takes to answer) and
// without Next.js's patched fetch (its data cache and dedupe must never touch JSON-RPC).
// Requests to one node issued in the same turn of the event loop (a route's eth_call, gas price
// and code reads on one chain) go out as one JSON-RPC batch, each caller getting its own answer;
// a node that answers a batch with anything but one answer per request gets them one by one.
// It returns only what viem's HTTP client reads: status, headers.get, text().
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'

/** Open connections kept per RPC origin; more are opened under load and closed when idle. */
const MAX_FREE_SOCKETS = 64
const IDLE_TIMEOUT_MS = 4_000
/** The largest answer read (viem's own default bound). */
const MAX_BODY_BYTES = 10 * 1024 * 1024

const agentOptions = { keepAlive: true, maxFreeSockets: MAX_FREE_SOCKETS, timeout: IDLE_TIMEOUT_MS, scheduling: 'lifo' as const }
const httpAgent = new HttpAgent(agentOptions)
const httpsAgent = new HttpsAgent(agentOptions)

type RpcInit = { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal | null }

/** The subset of Response that viem's HTTP client uses. */
export type RpcResponse = { ok: boolean; status: number; statusText: string; headers: { get(name: string): string | null }; body: null; text(): Promise<string> }

/** The most requests folded into one batch (providers cap batch sizes; ours stay far below). */
const MAX_BATCH = 20

type Waiting = { init: RpcInit; resolve: (r: RpcResponse) => void; reject: (e: unknown) => void }
/** By node and headers: only requests that would be sent alike are folded together. */
const waiting = new Map<string, { url: string; queue: Waiting[] }>()

export const rpcFetch = ((input: string | URL, init?: RpcInit) => {
  const url = String(input)
  const request = init ?? {}
  // Only single JSON-RPC requests are folded (a body viem already batched goes as it is).
  if (typeof request.body !== 'string' || request.body.startsWith('[')) return send(new URL(url), request, true)
  const key = `${url}\n${JSON.stringify(request.headers ?? {})}`
  return new Promise<RpcResponse>((resolve, reject) => {
    let entry = waiting.get(key)
    if (!entry) {
      entry = { url, queue: [] }
      waiting.set(key, entry)
      setImmediate(() => flush(key))
    }
    entry.queue.push({ init: request, resolve, reject })
  })
}) as unknown as typeof fetch

function flush(key: string) {
  const { url, queue } = waiting.get(key)!
  waiting.delete(key)
  const live = queue.filter((w) => {
    if (!w.init.signal?.aborted) return true
    w.reject(w.init.signal.reason)
    return false
  })
  for (let i = 0; i < live.length; i += MAX_BATCH) {
    const part = live.slice(i, i + MAX_BATCH)
    if (part.length === 1) send(new URL(url), part[0]!.init, true).then(part[0]!.resolve, part[0]!.reject)
    else void sendBatch(url, part)
  }
}

async function sendBatch(url: string, part: Waiting[]) {
  const one = (w: Waiting) => send(new URL(url), w.init, true).then(w.resolve, w.reject)
  let answers: unknown
  try {
    const ids = part.map((w) => (JSON.parse(w.init.body!) as { id?: unknown }).id)
    const response = await send(new URL(url), { ...part[0]!.init, body: `[${part.map((w) => w.init.body).join(',')}]`, signal: allAborted(part) }, true)
    answers = response.ok ? JSON.parse(await response.text()) : undefined
    if (!Array.isArray(answers) || answers.length !== part.length) throw new Error('not one answer per request')
    const byId = new Map(answers.map((a) => [(a as { id?: unknown }).id, a]))
    if (byId.size !== part.length || ids.some((id) => !byId.has(id))) throw new Error('answers do not match the requests')
    part.forEach((w, i) => {
      w.resolve(jsonResponse(JSON.stringify(byId.get(ids[i]))))
    })
  } catch {
    // The node refused or garbled the batch: each request goes alone (a caller that gave up is not asked again).
    for (const w of part) {
      if (w.init.signal?.aborted) w.reject(w.init.signal.reason)
      else void one(w)
    }
  }
}

/** Aborts the batch only when every caller in it has given up. */
function allAborted(part: readonly Waiting[]): AbortSignal | undefined {
  const signals = part.map((w) => w.init.signal).filter((x): x is AbortSignal => !!x)
  if (signals.length < part.length) return undefined
  const controller = new AbortController()
  const check = () => signals.every((x) => x.aborted) && controller.abort(new Error('every request in the batch timed out'))
  for (const x of signals) x.addEventListener('abort', check, { once: true })
  return controller.signal
}

function jsonResponse(text: string): RpcResponse {
  return { ok: true, status: 200, statusText: 'OK', headers: { get: (name) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) }, body: null, text: async () => text }
}

function send(url: URL, init: RpcInit, mayRetry: boolean): Promise<RpcResponse> {
  return new Promise((resolve, reject) => {
    const https = url.protocol === 'https:'
    const signal = init.signal ?? undefined
    if (signal?.aborted) return reject(signal.reason)
    const req = (https ? httpsRequest : httpRequest)(url, { method: init.method ?? 'POST', headers: init.headers, agent: https ? httpsAgent : httpAgent }, (res) =>
      readBody(res).then(
        (text) => resolve(toResponse(res, text)),
        (error: unknown) => reject(error),
      ),
    )
    const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'))
    signal?.addEventListener('abort', onAbort, { once: true })
    req.once('close', () => signal?.removeEventListener('abort', onAbort))
    req.once('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the node closed while idle fails on first write: the request never
      // reached the node, so it goes once more on a fresh connection.
      if (mayRetry && req.reusedSocket && error.code === 'ECONNRESET' && !signal?.aborted) send(url, init, false).then(resolve, reject)
      else reject(error)
    })
    req.end(init.body)
  })
}

function readBody(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    res.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) res.destroy(new Error(`RPC answer larger than ${MAX_BODY_BYTES} bytes`))
      else chunks.push(chunk)
    })
    res.once('end', () => resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')))
    res.once('error', reject)
    res.once('aborted', () => reject(new Error('RPC answer aborted')))
  })
}

function toResponse(res: IncomingMessage, text: string): RpcResponse {
  const status = res.statusCode ?? 0
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: res.statusMessage ?? '',
    headers: {
      get(name) {
        const value = res.headers[name.toLowerCase()]
        // Content-Length is left out: the body is already read, within MAX_BODY_BYTES.
        if (value === undefined || name.toLowerCase() === 'content-length') return null
        return Array.isArray(value) ? value.join(', ') : value
      },
    },
    body: null,
    text: async () => text,
  }
}
