import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, HttpRequestError, RpcRequestError, TimeoutError } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES, rpcTransport } from './rpcTransport'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** A JSON-RPC node answering eth_blockNumber with 0x2a; records which socket each request came on. */
type Raw = { status: number; headers?: Record<string, string>; body: string }

type Answer = string | Raw | 'hang' | undefined
type Call = { id: number; method: string; params: unknown[] }

async function node(
  answer: (req: IncomingMessage, body: string) => Answer | Promise<Answer> = () => undefined,
  timeout = 10_000,
  retryCount = 0,
) {
  const sockets: unknown[] = []
  server = createServer((req, res) => {
    sockets.push(req.socket)
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', async () => {
      const custom = await answer(req, body)
      if (custom === 'hang') return
      if (typeof custom === 'object') return res.writeHead(custom.status, custom.headers).end(custom.body)
      if (custom?.startsWith('HTTP ')) {
        res.statusCode = Number(custom.slice(5, 8))
        return res.end(custom.slice(9))
      }
      const { id } = JSON.parse(body) as { id: number }
      res.setHeader('content-type', 'application/json')
      res.end(custom ?? JSON.stringify({ jsonrpc: '2.0', id, result: '0x2a' }))
    })
  })
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const transport = (at: string) => rpcTransport(at, { timeout, retryCount, retryDelay: 10 })
  return { url, sockets, client: createPublicClient({ transport: transport(url) }) }
}

describe('rpcTransport', () => {
  it('serves viem reads over one kept-alive connection', async () => {
    const { client, sockets } = await node()
    for (let i = 0; i < 5; i++) expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(42n)
    expect(sockets).toHaveLength(5)
    expect(new Set(sockets).size).toBe(1)
  })

  it('answers each of many concurrent reads with its own result', async () => {
    const { client } = await node()
    const results = await Promise.all(Array.from({ length: 20 }, () => client.request({ method: 'eth_blockNumber' })))
    expect(results).toEqual(Array(20).fill('0x2a'))
  })

  it(
    'folds requests to one node made together into one ' + 'JSON-RPC batch, each caller getting its own answer',
    async () => {
      const bodies: string[] = []
      const { client } = await node((_req, body) => {
        bodies.push(body)
        const parsed = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[]
        if (!Array.isArray(parsed)) return undefined
        return JSON.stringify(
          parsed
            .reverse()
            .map((r) =>
              r.method === 'eth_chainId'
                ? { jsonrpc: '2.0', id: r.id, result: '0x1' }
                : { jsonrpc: '2.0', id: r.id, error: { code: -32601, message: `no ${r.method}` } },
            ),
        )
      })
      const [chainId, missing] = await Promise.allSettled([
        client.request({ method: 'eth_chainId' }),
        client.request({ method: 'eth_gasPrice' }),
      ])
      expect(chainId).toEqual({ status: 'fulfilled', value: '0x1' })
      expect(missing.status === 'rejected' && String(missing.reason)).toContain('no eth_gasPrice')
      expect(bodies).toHaveLength(1)
      expect(JSON.parse(bodies[0]!)).toHaveLength(2)
    },
  )

  it('sends the requests one by one to a node that refuses batches', async () => {
    const bodies: string[] = []
    const { client } = await node((_req, body) => {
      bodies.push(body)
      return body.startsWith('[')
        ? JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batches not supported' } })
        : undefined
    })
    expect(
      await Promise.all([client.request({ method: 'eth_blockNumber' }), client.request({ method: 'eth_blockNumber' })]),
    ).toEqual(['0x2a', '0x2a'])
    expect(bodies.filter((b) => !b.startsWith('['))).toHaveLength(2)
  })

  it('passes a node error through as the JSON-RPC error it is, with its code', async () => {
    const { client } = await node((_req, body) =>
      JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(body).id, error: { code: -32000, message: 'header not found' } }),
    )
    const error = await client.request({ method: 'eth_blockNumber' }).catch((e: unknown) => e)
    expect(String(error)).toContain('header not found')
    expect(error).toMatchObject({ code: -32000 })
    expect((error as Error).cause).toBeInstanceOf(RpcRequestError)
  })

  it('fails an HTTP error status as viem does, and retries it when the status is worth retrying', async () => {
    let asked = 0
    const { client } = await node(() => (++asked === 1 ? 'HTTP 503 busy' : undefined), 10_000, 1)
    expect(await client.request({ method: 'eth_blockNumber' })).toBe('0x2a')
    expect(asked).toBe(2)
    const refusing = await node(() => 'HTTP 403 forbidden', 10_000, 1)
    const error = await refusing.client.request({ method: 'eth_blockNumber' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect(error).toMatchObject({ status: 403 })
    expect(String(error)).toContain('forbidden')
  })

  it(
    'keeps a JSON-RPC error in a non-2xx answer as the RPC ' +
      'error it is, so viem neither retries it nor hides its code',
    async () => {
      let asked = 0
      const { client } = await node(
        (_req, body) => {
          asked++
          return {
            status: 403,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: JSON.parse(body).id,
              error: { code: -32601, message: 'method not allowed here' },
            }),
          }
        },
        10_000,
        1,
      )
      const error = await client.request({ method: 'eth_blockNumber' }).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: -32601, name: 'MethodNotFoundRpcError' })
      expect(String(error)).toContain('method not allowed here')
      expect(asked).toBe(1)
    },
  )

  it(
    "waits out a 429's Retry-After before asking again, " + 'and a rate-limited batch is not sent again one by one',
    async () => {
      const bodies: string[] = []
      const { client } = await node(
        (_req, body) => {
          bodies.push(body)
          if (bodies.length === 1) return { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' }
          const parsed = JSON.parse(body) as { id: number }[]
          return JSON.stringify(parsed.map((r) => ({ jsonrpc: '2.0', id: r.id, result: '0x2a' })))
        },
        10_000,
        1,
      )
      const started = performance.now()
      expect(
        await Promise.all([client.request({ method: 'eth_blockNumber' }), client.request({ method: 'eth_chainId' })]),
      ).toEqual(['0x2a', '0x2a'])
      expect(performance.now() - started).toBeGreaterThanOrEqual(950)
      expect(bodies).toHaveLength(2)
      expect(bodies.every((b) => b.startsWith('['))).toBe(true)
    },
  )

  it('retries a 2xx answer that is not JSON, and reads an empty 2xx answer as no result, as viem does', async () => {
    let asked = 0
    const html = await node(
      () =>
        ++asked === 1
          ? { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>gateway</html>' }
          : undefined,
      10_000,
      1,
    )
    expect(await html.client.request({ method: 'eth_blockNumber' })).toBe('0x2a')
    expect(asked).toBe(2)
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    const empty = await node(() => ({ status: 200, body: '' }))
    expect(await empty.client.request({ method: 'eth_blockNumber' })).toBeUndefined()
  })

  it(
    "sends signed transactions' broadcasts in a batch of their own, in order, " +
      'answered without waiting on a slow read; a node-signed send alone',
    async () => {
      const bodies: string[] = []
      const answer = (r: { id: number; method: string }) => ({
        jsonrpc: '2.0',
        id: r.id,
        result: r.method === 'eth_sendRawTransaction' ? `0x${'0'.repeat(63)}${r.id % 10}` : '0x2a',
      })
      const { client } = await node(async (_req, body) => {
        bodies.push(body)
        const calls = [JSON.parse(body)].flat() as { id: number; method: string }[]
        // The read's batch is slow: answered well after the broadcasts must have been.
        if (calls.some((c) => c.method === 'eth_call')) await new Promise((resolve) => setTimeout(resolve, 2_000))
        return JSON.stringify(Array.isArray(JSON.parse(body)) ? calls.map(answer) : answer(calls[0]!))
      }, 5_000)
      const started = performance.now()
      const read = client.request({
        method: 'eth_call',
        params: [{ to: '0x0000000000000000000000000000000000000001', data: '0x' }, 'latest'],
      })
      const sends = [
        client.request({ method: 'eth_sendRawTransaction', params: ['0x01'] }),
        client.request({ method: 'eth_sendRawTransaction', params: ['0x02'] }),
      ]
      const other = client.request({ method: 'eth_blockNumber' })
      const nodeSigned = (client.request as (args: { method: string; params: unknown[] }) => Promise<unknown>)({
        method: 'eth_sendTransaction',
        params: [{ from: '0x0000000000000000000000000000000000000002' }],
      })
      await Promise.all(sends)
      expect(performance.now() - started).toBeLessThan(1_500)
      expect(await read).toBe('0x2a')
      expect(await other).toBe('0x2a')
      expect(await nodeSigned).toBe('0x2a')
      const sent = bodies.map((b) => JSON.parse(b) as Call | Call[])
      const methods = (c: Call) => (c.method === 'eth_sendRawTransaction' ? c.params[0] : c.method)
      // Two batches, and a node-signed send alone (never in a batch a garbled answer would send again one by one).
      expect(sent.map((b) => (Array.isArray(b) ? b.map(methods) : methods(b)))).toEqual(
        expect.arrayContaining([['0x01', '0x02'], ['eth_call', 'eth_blockNumber'], 'eth_sendTransaction']),
      )
      expect(sent).toHaveLength(3)
    },
  )

  it('keeps to one deadline per request, however its batch fared', async () => {
    const { client } = await node(() => 'hang', 1_000)
    // The batch is answered with garbage after 800 ms, so each request goes alone with what is left
    // of its second (the node never answers those): they time out at 1 s, not 800 ms + 1 s.
    const hang = server!.listeners('request')[0] as RequestListener
    let first = true
    server!.removeAllListeners('request')
    server!.on('request', (req, res) => {
      if (!first) return hang(req, res)
      first = false
      req.resume()
      setTimeout(() => res.end('not json'), 800)
    })
    const started = performance.now()
    const results = await Promise.allSettled([
      client.request({ method: 'eth_blockNumber' }),
      client.request({ method: 'eth_chainId' }),
    ])
    for (const r of results) expect(r.status === 'rejected' && r.reason).toBeInstanceOf(TimeoutError)
    expect(performance.now() - started).toBeLessThan(1_500)
  })

  it('sends bigint parameters as viem does, as decimal strings, without failing the batch', async () => {
    const bodies: string[] = []
    const { client } = await node((_req, body) => {
      bodies.push(body)
      return JSON.stringify(
        (JSON.parse(body) as { id: number }[]).map((r) => ({ jsonrpc: '2.0', id: r.id, result: '0x1' })),
      )
    })
    const answers = await Promise.all([
      client.request({ method: 'eth_getBalance', params: [10n, 'latest'] } as never),
      client.request({ method: 'eth_chainId' }),
    ])
    expect(answers).toEqual(['0x1', '0x1'])
    expect(JSON.parse(bodies[0]!)[0].params).toEqual(['10', 'latest'])
  })

  it('sends credentials in the URL as Basic authorization, never in what errors show', async () => {
    const seen: (string | undefined)[] = []
    const { url } = await node((req) => {
      seen.push(req.headers.authorization)
      return 'HTTP 500 down'
    })
    const client = createPublicClient({
      transport: rpcTransport(url.replace('http://', 'http://user:s3cret@'), {
        timeout: 10_000,
        retryCount: 0,
        retryDelay: 10,
      }),
    })
    const error = await client.request({ method: 'eth_blockNumber' }).catch((e: unknown) => e)
    expect(seen).toEqual([`Basic ${Buffer.from('user:s3cret').toString('base64')}`])
    expect(String(error)).not.toContain('s3cret')
  })

  it('fails every request of a batch when the node cannot be reached', async () => {
    const { url } = await node()
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    server = undefined
    const client = createPublicClient({
      transport: rpcTransport(url, { timeout: 10_000, retryCount: 0, retryDelay: 10 }),
    })
    const results = await Promise.allSettled([
      client.request({ method: 'eth_blockNumber' }),
      client.request({ method: 'eth_chainId' }),
    ])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    for (const r of results) expect(r.status === 'rejected' && r.reason).toBeInstanceOf(HttpRequestError)
  })

  it('gives up at the transport timeout when the node never answers', async () => {
    const { client } = await node(() => 'hang', 300)
    await expect(client.getBlockNumber({ cacheTime: 0 })).rejects.toBeInstanceOf(TimeoutError)
  })

  it('reads on a fresh connection after the node closed the idle one', async () => {
    const { client, sockets } = await node()
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(42n)
    // The node drops the idle connection without telling the pool first.
    for (const s of sockets) (s as { destroy(): void }).destroy()
    await new Promise((r) => setTimeout(r, 20))
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(42n)
    expect(new Set(sockets).size).toBe(2)
  })

  it('refuses an answer larger than its bound', async () => {
    const { client } = await node((_req, body) =>
      JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(body).id, result: `0x${'0'.repeat(MAX_BODY_BYTES + 1024)}` }),
    )
    const error = await client.request({ method: 'eth_blockNumber' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect(String((error as Error).cause)).toMatch(/larger than/)
  })
})
