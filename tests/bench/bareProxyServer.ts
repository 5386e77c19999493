// The bare proxy's process (bareProxy.ts starts it): a node:http server on a free loopback port
// that answers every request, whatever its method, path or headers, by reading its body, sending
// the configured JSON-RPC requests raw in parallel (rawRpc.ts), signing the configured route
// digest if there is one, and answering the nodes' answers (and the signature) as one JSON
// object. It prints its port.
import { createServer } from 'node:http'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { signRoute } from '../../lib/core/intentOp/serverSignature'
import type { BareProxyConfig } from './bareProxy'
import { rawRpc } from './rawRpc'

const config = JSON.parse(process.env.BARE_PROXY_CONFIG ?? '') as BareProxyConfig
const raw = rawRpc()
const signer = config.sign ? privateKeyToAccount(config.sign.privateKey as Hex) : undefined

const server = createServer((request, response) => {
  request.resume()
  request.once('end', async () => {
    try {
      const results = await Promise.all(config.requests.map(({ url, body }) => raw.post(url, body)))
      const signature = config.sign && signer ? await signRoute(config.sign.intentOp, signer) : undefined
      const text = JSON.stringify({ results, signature })
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
      response.end(text)
    } catch (error) {
      response.writeHead(502, { 'content-type': 'text/plain' })
      response.end(error instanceof Error ? error.message : String(error))
    }
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(typeof address === 'object' && address ? address.port : '')
})
