import { createServer, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { answerReader, HttpFailure, type HttpTarget, postHttp } from './keepAliveHttp'

/** Feeds an answer to a reader in pieces of `step` bytes; the outcome of the last piece, or of the end. */
function read(raw: string, step = raw.length, maxBytes = 1024, end = false) {
  const reader = answerReader(maxBytes)
  const bytes = Buffer.from(raw, 'latin1')
  for (let i = 0; i < bytes.length; i += step) {
    const outcome = reader.push(bytes.subarray(i, i + step))
    if (outcome) return { ...outcome, at: Math.min(i + step, bytes.length) }
  }
  return end ? reader.end() : undefined
}

describe('answerReader', () => {
  it('reads an answer framed by Content-Length, whole or byte by byte, and keeps the connection', () => {
    const raw = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}'
    for (const step of [raw.length, 1, 7]) {
      const outcome = read(raw, step)
      expect(outcome?.answer).toEqual({
        status: 200,
        statusText: 'OK',
        headers: { 'content-type': 'application/json', 'content-length': '11' },
        text: '{"ok":true}',
      })
      expect(outcome?.keepAlive).toBe(true)
    }
  })

  it('reads a chunked answer with extensions and trailers, split anywhere', () => {
    const raw =
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n' +
      '4;name=x\r\n{"a"\r\n' +
      'a\r\n:"bcdefgh"\r\n' +
      '1\r\n}\r\n0\r\nX-Trailer: 1\r\n\r\n'
    for (let step = 1; step <= raw.length; step += 5) expect(read(raw, step)?.answer.text).toBe('{"a":"bcdefgh"}')
  })

  it('skips interim answers and joins repeated headers as Node does', () => {
    const raw =
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nVary: a\r\nVary: b\r\n' +
      'Content-Length: 0\r\n\r\n'
    const outcome = read(raw)
    expect(outcome?.answer.status).toBe(429)
    expect(outcome?.answer.headers).toMatchObject({ 'retry-after': '1', vary: 'a, b' })
  })

  it('closes after an answer that says so, an HTTP/1.0 one, or one left with bytes after it', () => {
    expect(read('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 1\r\n\r\nx')?.keepAlive).toBe(false)
    expect(read('HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\nx')?.keepAlive).toBe(false)
    expect(read('HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 1\r\n\r\nx')?.keepAlive).toBe(true)
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nxy')?.keepAlive).toBe(false)
  })

  it('reads an answer without length to the end of the connection, and none cut short', () => {
    const outcome = read('HTTP/1.1 200 OK\r\n\r\n{"ok":1}', 4, 1024, true)
    expect(outcome?.answer.text).toBe('{"ok":1}')
    expect(outcome?.keepAlive).toBe(false)
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc', 100, 1024, true)).toBeUndefined()
  })

  it('refuses an answer over the bound, declared or streamed, and anything that is not HTTP/1.x', () => {
    expect(() => read('HTTP/1.1 200 OK\r\nContent-Length: 2000\r\n\r\n')).toThrow(/larger than 1024 bytes/)
    const chunked = `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n${'x'.repeat(2048)}\r\n0\r\n\r\n`
    expect(() => read(chunked, 100)).toThrow(/larger than 1024 bytes/)
    expect(() => read(`HTTP/1.1 200 OK\r\n\r\n${'x'.repeat(2000)}`, 100)).toThrow(/larger than 1024 bytes/)
    expect(() => read('SSH-2.0-OpenSSH\r\n\r\n')).toThrow(/not an HTTP/)
    expect(() => read('HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n')).toThrow(/content-length/)
    expect(() => read('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n')).toThrow(/transfer-encoding/)
    expect(() => read('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n')).toThrow(/chunk size/)
  })
})

let server: Server | undefined
const open = new Set<Socket>()
afterEach(() => {
  // The client keeps its idle connections for seconds: the node drops them so the server closes now.
  for (const s of open) s.destroy()
  open.clear()
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
})

/** A node speaking raw bytes: `answer` writes whatever it likes for each request it reads. */
async function rawNode(answer: (socket: Socket, request: string, n: number) => void) {
  const sockets = new Set<Socket>()
  const requests: string[] = []
  server = createServer((socket) => {
    sockets.add(socket)
    open.add(socket)
    let buffered = ''
    socket.on('data', (d) => {
      buffered += d.toString('latin1')
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n')
        if (end === -1) return
        const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0)
        if (buffered.length < end + 4 + length) return
        const request = buffered.slice(0, end + 4 + length)
        buffered = buffered.slice(request.length)
        requests.push(request)
        answer(socket, request, requests.length)
      }
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const target: HttpTarget = {
    host: '127.0.0.1',
    port,
    path: '/rpc?key=1',
    hostHeader: `127.0.0.1:${port}`,
    headers: ['content-type: application/json'],
  }
  return { target, sockets, requests }
}

const ok = (body: string) => `HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`

describe('postHttp', () => {
  it('sends one request per write with its length, and reuses the connection for the next', async () => {
    const { target, sockets, requests } = await rawNode((socket, _request, n) => socket.write(ok(`{"n":${n}}`)))
    expect((await postHttp(target, '{"a":"é"}', 1024).answer).text).toBe('{"n":1}')
    expect((await postHttp(target, '{}', 1024).answer).text).toBe('{"n":2}')
    expect(sockets.size).toBe(1)
    expect(Buffer.from(requests[0] ?? '', 'latin1').toString('utf8')).toBe(
      `POST /rpc?key=1 HTTP/1.1\r\nHost: ${target.hostHeader}\r\ncontent-type: application/json\r\n` +
        'Content-Length: 10\r\n\r\n{"a":"é"}',
    )
  })

  it('opens a new connection after an answer that closed its own', async () => {
    const { target, sockets } = await rawNode((socket) => socket.end('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n1'))
    expect((await postHttp(target, '{}', 1024).answer).text).toBe('1')
    expect((await postHttp(target, '{}', 1024).answer).text).toBe('1')
    expect(sockets.size).toBe(2)
  })

  it('fails a request whose connection ends before its answer, saying whether any of it came', async () => {
    const { target } = await rawNode((socket, _request, n) =>
      n === 1 ? socket.destroy() : socket.end('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab'),
    )
    const first = await postHttp(target, '{}', 1024).answer.catch((e: unknown) => e)
    expect(first).toBeInstanceOf(HttpFailure)
    expect(first).toMatchObject({ reused: false, answered: false })
    const second = await postHttp(target, '{}', 1024).answer.catch((e: unknown) => e)
    expect(second).toMatchObject({ code: 'ECONNRESET', answered: true })
  })

  it('ends a request when aborted, closing its connection', async () => {
    const { target, sockets } = await rawNode(() => {})
    const request = postHttp(target, '{}', 1024)
    await new Promise((r) => setTimeout(r, 20))
    request.abort()
    await expect(request.answer).rejects.toMatchObject({ code: 'ABORT_ERR' })
    await new Promise((r) => setTimeout(r, 20))
    expect([...sockets].every((s) => s.destroyed || s.readableEnded)).toBe(true)
  })
})
