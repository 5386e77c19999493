// The filler's view of each chain: a client that reads and sends, its own signing account, the
// queue its transactions are signed and broadcast through (one at a time per chain, so intents
// settled in parallel never draw the same account nonce), and the fence every send passes (the
// filler's lease: a filler that lost it signs nothing more).
import { type Chain, createPublicClient, fallback, http, type PrivateKeyAccount, type PublicClient } from 'viem'
import { chains } from '../core/chains/chains'

/** Runs tasks one after another, in the order they were queued. */
export class SendQueue {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task, task)
    this.tail = next.catch(() => {})
    return next
  }
}

export type FillerChain = {
  chainId: number
  chain: Chain
  client: PublicClient
  account: PrivateKeyAccount
  sendQueue: SendQueue
  /** Throws when this process may no longer send (the filler's lease lapsed). */
  fence: () => void
}

export function fillerChains(rpcUrls: Partial<Record<number, string[]>>, account: PrivateKeyAccount, fence: () => void = () => {}): Map<number, FillerChain> {
  return new Map(
    chains.flatMap((c) => {
      const urls = rpcUrls[c.id]
      if (!urls || urls.length === 0) return []
      const chain = c.viem as Chain
      const client = createPublicClient({ chain, transport: fallback(urls.map((url) => http(url, { timeout: 15_000, retryCount: 1 }))), pollingInterval: 100 }) as PublicClient
      return [[c.id, { chainId: c.id, chain, client, account, sendQueue: new SendQueue(), fence }] as const]
    }),
  )
}
