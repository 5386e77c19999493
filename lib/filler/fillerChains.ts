// The filler's view of each chain: a client that reads and sends, and its own signing account.
import { type Chain, createPublicClient, fallback, http, type PrivateKeyAccount, type PublicClient } from 'viem'
import { chains } from '../core/chains/chains'

export type FillerChain = { chainId: number; chain: Chain; client: PublicClient; account: PrivateKeyAccount }

export function fillerChains(rpcUrls: Partial<Record<number, string[]>>, account: PrivateKeyAccount): Map<number, FillerChain> {
  return new Map(
    chains.flatMap((c) => {
      const urls = rpcUrls[c.id]
      if (!urls || urls.length === 0) return []
      const chain = c.viem as Chain
      const client = createPublicClient({ chain, transport: fallback(urls.map((url) => http(url, { timeout: 15_000, retryCount: 1 }))), pollingInterval: 100 }) as PublicClient
      return [[c.id, { chainId: c.id, chain, client, account }] as const]
    }),
  )
}
