// How every process of ours reaches a chain's RPC nodes (the server's reads, the filler's and the
// attester's reads and sends): one attempt per URL, each with a timeout; with several URLs the
// fallback walks them in order and takes one more pass after a short pause, and a struggling node
// gets no per-URL retries. With one URL the transport takes that pass itself (viem applies the same
// retry rule and delay either way) without the fallback's wrapper on every request. HTTP(S) nodes
// are reached through rpcTransport (keep-alive connections, a turn's requests in one batch),
// WebSocket ones through viem's.
import { fallback, type Transport, webSocket } from 'viem'
import { rpcTransport } from './rpcTransport'

/** The pause before a chain's requests take their one more pass. */
export const RETRY_DELAY_MS = 150

export function chainTransport(urls: readonly string[], { timeout }: { timeout: number }): Transport {
  const [first] = urls
  if (first === undefined) throw new Error('no RPC URL')
  const one = (url: string, retryCount: number) =>
    url.startsWith('ws')
      ? webSocket(url, { timeout, retryCount, retryDelay: RETRY_DELAY_MS })
      : rpcTransport(url, { timeout, retryCount, retryDelay: RETRY_DELAY_MS })
  if (urls.length === 1) return one(first, 1)
  return fallback(
    urls.map((url) => one(url, 0)),
    { retryCount: 1, retryDelay: RETRY_DELAY_MS },
  )
}
