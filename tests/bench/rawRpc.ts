// The floors' client: raw JSON-RPC over keep-alive node:http connections (a pool per node), the
// cheapest way this machine can send a request and read its answer — no viem, no fetch.
import { Agent, request } from 'node:http'

export type RawRpc = { post(url: string, body: string): Promise<unknown>; close(): void }

export function rawRpc(): RawRpc {
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 64 })
  return {
    post: (url, body) =>
      new Promise((resolve, reject) => {
        const req = request(
          url,
          {
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.once('error', reject)
            res.once('end', () => {
              const text = Buffer.concat(chunks).toString('utf8')
              const json = JSON.parse(text) as { error?: unknown } | { error?: unknown }[]
              const failed = res.statusCode !== 200 || (Array.isArray(json) ? json.some((j) => j.error) : json.error)
              if (failed) reject(new Error(`raw RPC to ${url}: HTTP ${res.statusCode} ${text.slice(0, 300)}`))
              else resolve(json)
            })
          },
        )
        req.once('error', reject)
        req.end(body)
      }),
    close: () => agent.destroy(),
  }
}
