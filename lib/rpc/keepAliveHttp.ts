// A lean HTTP/1.1 client for JSON-RPC POSTs to http: nodes, over kept-alive connections: each
// request is one write (request line, headers and body together) and its answer is framed by hand
// (Content-Length, chunked, or the connection's end), one request per connection at a time.
// node:http's client costs ~25–35 µs of CPU per request on this work (ClientRequest, the agent's
// bookkeeping, header objects, events per chunk), more than this whole client; a chain read sends
// one per chain. https: nodes keep node:https (rpcTransport.ts).
import { connect, type Socket } from 'node:net'

/** An answer as read: its status, its headers as Node names them (lower case, repeats joined), its body as text. */
export type HttpAnswer = { status: number; statusText: string; headers: Record<string, string>; text: string }

export type HttpTarget = {
  /** Connect here (an IPv6 address without brackets). */
  host: string
  port: number
  /** The request target: path and query. */
  path: string
  /** The Host header. */
  hostHeader: string
  /** Extra header lines, each `name: value`. */
  headers: readonly string[]
}

/** A failure before or while the answer was read; `code` as Node names socket errors (ECONNRESET…),
 * `reused` when the request went out on a connection an earlier answer left open, `answered` once
 * any byte of its answer arrived (a request that got none may not have reached the node). */
export class HttpFailure extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly reused: boolean,
    readonly answered: boolean,
  ) {
    super(message)
  }
}

const MAX_HEADER_BYTES = 64 * 1024
const IDLE_TIMEOUT_MS = 4_000
const MAX_FREE_PER_ORIGIN = 64

type Idle = { socket: Socket; timer: NodeJS.Timeout; drop: () => void }
/** Open connections no request is using, per origin, the most recently used last (taken first). */
const idle = new Map<string, Idle[]>()

export type HttpRequest = { answer: Promise<HttpAnswer>; abort: () => void }

/** POSTs `body`; the answer's body may hold at most `maxBytes`. `abort` ends it (the connection is closed). */
export function postHttp(target: HttpTarget, body: string, maxBytes: number): HttpRequest {
  const origin = `${target.host}:${target.port}`
  const kept = takeIdle(origin)
  const socket = kept ?? connect({ host: target.host, port: target.port })
  if (!kept) {
    socket.setNoDelay(true)
    socket.on('error', () => {}) // whatever fails is read by the request using it, or drops it while idle
  }
  const reused = kept !== undefined
  let abort = () => {}
  const answer = new Promise<HttpAnswer>((resolve, reject) => {
    const reader = answerReader(maxBytes)
    let answered = false
    let settled = false
    const done = () => {
      settled = true
      socket.off('data', onData)
      socket.off('end', onEnd)
      socket.off('error', onError)
      socket.off('close', onClose)
    }
    const fail = (message: string, code?: string) => {
      if (settled) return
      done()
      socket.destroy()
      reject(new HttpFailure(message, code, reused, answered))
    }
    const onData = (chunk: Buffer) => {
      answered = true
      let outcome: ReturnType<AnswerReader['push']>
      try {
        outcome = reader.push(chunk)
      } catch (error) {
        return fail(error instanceof Error ? error.message : String(error), 'HPE_INVALID')
      }
      if (outcome) finish(outcome)
    }
    const finish = ({ answer: read, keepAlive }: { answer: HttpAnswer; keepAlive: boolean }) => {
      done()
      if (keepAlive) keepIdle(origin, socket)
      else socket.destroy()
      resolve(read)
    }
    const onEnd = () => {
      const outcome = reader.end()
      if (outcome) finish(outcome)
      else fail('socket hang up', 'ECONNRESET')
    }
    const onError = (error: NodeJS.ErrnoException) => fail(error.message, error.code)
    const onClose = () => fail('socket hang up', 'ECONNRESET')
    socket.on('data', onData)
    socket.on('end', onEnd)
    socket.on('error', onError)
    socket.on('close', onClose)
    abort = () => fail('aborted', 'ABORT_ERR')
    const head =
      `POST ${target.path} HTTP/1.1\r\nHost: ${target.hostHeader}\r\n` +
      target.headers.map((h) => `${h}\r\n`).join('') +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`
    socket.write(head + body)
  })
  return { answer, abort: () => abort() }
}

function takeIdle(origin: string): Socket | undefined {
  const free = idle.get(origin)
  while (free && free.length > 0) {
    const kept = free.pop()
    if (!kept) break
    clearTimeout(kept.timer)
    kept.socket.off('data', kept.drop)
    kept.socket.off('end', kept.drop)
    kept.socket.off('error', kept.drop)
    kept.socket.off('close', kept.drop)
    if (!kept.socket.destroyed && kept.socket.writable && !kept.socket.readableEnded) return kept.socket.ref()
    kept.socket.destroy()
  }
  return undefined
}

/** An idle connection stays open for the next request, until IDLE_TIMEOUT_MS passes, the node
 * closes it or sends anything unasked (then it is dropped); meanwhile it does not hold the process. */
function keepIdle(origin: string, socket: Socket): void {
  let free = idle.get(origin)
  if (!free) {
    free = []
    idle.set(origin, free)
  }
  if (free.length >= MAX_FREE_PER_ORIGIN) {
    socket.destroy()
    return
  }
  const list = free
  const entry: Idle = {
    socket,
    timer: setTimeout(() => entry.drop(), IDLE_TIMEOUT_MS).unref(),
    drop: () => {
      clearTimeout(entry.timer)
      const at = list.indexOf(entry)
      if (at !== -1) list.splice(at, 1)
      socket.off('data', entry.drop)
      socket.off('end', entry.drop)
      socket.off('error', entry.drop)
      socket.off('close', entry.drop)
      socket.destroy()
    },
  }
  socket.on('data', entry.drop)
  socket.on('end', entry.drop)
  socket.on('error', entry.drop)
  socket.on('close', entry.drop)
  // As node:http's agent does: an idle connection does not keep the process alive.
  socket.unref()
  list.push(entry)
}

type Outcome = { answer: HttpAnswer; keepAlive: boolean }
type AnswerReader = {
  /** The answer once this chunk completes it; throws on anything that is not HTTP/1.x. */
  push(chunk: Buffer): Outcome | undefined
  /** The connection ended: the answer when its end is what frames it. */
  end(): Outcome | undefined
}

/** Reads one HTTP/1.x answer from a connection's bytes (1xx interim answers skipped). Exported for its tests. */
export function answerReader(maxBytes: number): AnswerReader {
  let pending: Buffer = Buffer.alloc(0)
  let head: { status: number; statusText: string; headers: Record<string, string>; keepAlive: boolean } | undefined
  let framing: { kind: 'length'; length: number } | { kind: 'chunked' } | { kind: 'close' } | undefined
  const body: Buffer[] = []
  let bodyBytes = 0
  /** Chunked: the bytes left of the current chunk (then its CRLF), or reading a size line / trailers. */
  let chunkLeft = -1
  let inTrailers = false

  const take = (bytes: Buffer) => {
    bodyBytes += bytes.length
    if (bodyBytes > maxBytes) throw new Error(`RPC answer larger than ${maxBytes} bytes`)
    body.push(bytes)
  }
  const complete = (keepAlive: boolean): Outcome => {
    if (!head) throw new Error('no answer')
    const [only] = body
    const text = body.length === 1 && only ? only.toString('utf8') : Buffer.concat(body).toString('utf8')
    return {
      answer: { status: head.status, statusText: head.statusText, headers: head.headers, text },
      keepAlive: keepAlive && head.keepAlive && pending.length === 0,
    }
  }
  const readHead = (): boolean => {
    for (;;) {
      const end = pending.indexOf('\r\n\r\n')
      if (end === -1) {
        if (pending.length > MAX_HEADER_BYTES) throw new Error('answer headers too large')
        return false
      }
      const lines = pending.subarray(0, end).toString('latin1').split('\r\n')
      pending = pending.subarray(end + 4)
      const status = /^HTTP\/1\.([01]) (\d{3})(?: (.*))?$/.exec(lines[0] ?? '')
      if (!status) throw new Error('not an HTTP/1.x answer')
      const code = Number(status[2])
      const headers: Record<string, string> = {}
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':')
        if (colon <= 0) throw new Error('malformed answer header')
        const name = line.slice(0, colon).trim().toLowerCase()
        const value = line.slice(colon + 1).trim()
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
      }
      if (code >= 100 && code < 200) continue // interim (100 Continue, 103 Early Hints): the answer follows
      const connection = (headers.connection ?? '').toLowerCase()
      const keepAlive = status[1] === '1' ? !/\bclose\b/.test(connection) : /\bkeep-alive\b/.test(connection)
      head = { status: code, statusText: status[3] ?? '', headers, keepAlive }
      const transfer = (headers['transfer-encoding'] ?? '').toLowerCase()
      if (code === 204 || code === 304) framing = { kind: 'length', length: 0 }
      else if (transfer !== '' && transfer !== 'identity') {
        if (!/(?:^|,)\s*chunked\s*$/.test(transfer)) throw new Error(`unsupported transfer-encoding ${transfer}`)
        framing = { kind: 'chunked' }
      } else if (headers['content-length'] !== undefined) {
        if (!/^\d+$/.test(headers['content-length'])) throw new Error('malformed content-length')
        framing = { kind: 'length', length: Number(headers['content-length']) }
        if (framing.length > maxBytes) throw new Error(`RPC answer larger than ${maxBytes} bytes`)
      } else framing = { kind: 'close' }
      return true
    }
  }
  /** Reads what has arrived of a chunked body; true once its last chunk and trailers are in. */
  const readChunks = (): boolean => {
    for (;;) {
      if (chunkLeft > 0) {
        const part = pending.subarray(0, chunkLeft)
        take(part)
        chunkLeft -= part.length
        pending = pending.subarray(part.length)
        if (chunkLeft > 0) return false
      }
      if (chunkLeft === 0) {
        if (pending.length < 2) return false
        if (pending[0] !== 0x0d || pending[1] !== 0x0a) throw new Error('malformed chunk')
        pending = pending.subarray(2)
        chunkLeft = -1
      }
      const eol = pending.indexOf('\r\n')
      if (eol === -1) {
        if (pending.length > MAX_HEADER_BYTES) throw new Error('malformed chunk')
        return false
      }
      const line = pending.subarray(0, eol).toString('latin1')
      pending = pending.subarray(eol + 2)
      if (inTrailers) {
        if (line === '') return true
        continue
      }
      const size = /^([0-9a-fA-F]{1,12})(?:;.*)?$/.exec(line.trim())
      if (!size?.[1]) throw new Error('malformed chunk size')
      const length = Number.parseInt(size[1], 16)
      if (length === 0) inTrailers = true
      else chunkLeft = length
    }
  }
  return {
    push(chunk) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
      if (!head && !readHead()) return undefined
      if (!framing) return undefined
      if (framing.kind === 'length') {
        const want = framing.length - bodyBytes
        if (pending.length < want) {
          take(pending)
          pending = Buffer.alloc(0)
          return undefined
        }
        take(pending.subarray(0, want))
        pending = pending.subarray(want)
        return complete(true)
      }
      if (framing.kind === 'chunked') return readChunks() ? complete(true) : undefined
      take(pending)
      pending = Buffer.alloc(0)
      return undefined
    },
    end() {
      return head && framing?.kind === 'close' ? complete(false) : undefined
    },
  }
}
