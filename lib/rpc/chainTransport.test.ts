// chainTransport against local JSON-RPC nodes: one URL takes one more pass after a failure; several
// are walked in order, a node that refuses the connection passed over; no URL is refused.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import { chainTransport, RETRY_DELAY_MS } from './chainTransport'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
})

/** A node answering eth_blockNumber with 0x2a, except with HTTP 500 for its first `failures`
 * requests; counts the requests it got. */
async function node(failures = 0) {
  const seen = { requests: 0 }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.requests++
      if (seen.requests <= failures) return res.writeHead(500).end('busy')
      const { id } = JSON.parse(body) as { id: number }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x2a' }))
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

/** A URL nothing listens on (a port just freed). */
async function refusingUrl() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

const read = (urls: string[]) =>
  createPublicClient({ transport: chainTransport(urls, { timeout: 5_000 }) }).getBlockNumber({ cacheTime: 0 })

describe('chainTransport', () => {
  it('with one URL, a failed request takes one more pass after the retry delay, and no more', async () => {
    const once = await node(1)
    const started = performance.now()
    expect(await read([once.url])).toBe(42n)
    expect(once.seen.requests).toBe(2)
    expect(performance.now() - started).toBeGreaterThanOrEqual(RETRY_DELAY_MS - 5)
    const twice = await node(2)
    await expect(read([twice.url])).rejects.toThrow()
    expect(twice.seen.requests).toBe(2)
  })

  it(
    'with several URLs, walks them in order: a node refusing ' +
      'connections is passed over, each is asked once a pass',
    async () => {
      const good = await node()
      expect(await read([await refusingUrl(), good.url])).toBe(42n)
      expect(good.seen.requests).toBe(1)
      const first = await node()
      const second = await node()
      expect(await read([first.url, second.url])).toBe(42n)
      expect([first.seen.requests, second.seen.requests]).toEqual([1, 0])
    },
  )

  it('refuses a chain without a URL', () => {
    expect(() => chainTransport([], { timeout: 5_000 })).toThrow('no RPC URL')
  })
})
