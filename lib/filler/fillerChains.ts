// The filler's view of each chain: a client that reads and sends, its own signing account, the
// batcher its transactions are signed and broadcast through (one batch at a time per chain, with
// consecutive nonces, so intents settled in parallel never draw the same account nonce), and the
// fence every send passes (the filler's lease: a filler that lost it signs nothing more).
import { type Chain, createPublicClient, fallback, http, type PrivateKeyAccount, type PublicClient } from 'viem'
import { chains } from '../core/chains/chains'
import { forgetTransaction, recordTransactions } from '../storage/journalStore'
import type { Sql } from '../storage/sql'
import { SendBatcher } from './sendBatch'

export type FillerChain = {
  chainId: number
  chain: Chain
  client: PublicClient
  account: PrivateKeyAccount
  sender: SendBatcher
  /** Throws when this process may no longer send (the filler's lease lapsed). */
  fence: () => void
}

/** `sql` journals what the chains' batches sign (sendBatch); without it nothing can be sent. */
export function fillerChains(rpcUrls: Partial<Record<number, string[]>>, account: PrivateKeyAccount, fence: () => void = () => {}, sql?: Pick<Sql, 'query'>): Map<number, FillerChain> {
  const db = () => {
    if (!sql) throw new Error('no database to journal the transactions in')
    return sql
  }
  return new Map(
    chains.flatMap((c) => {
      const urls = rpcUrls[c.id]
      if (!urls || urls.length === 0) return []
      const chain = c.viem as Chain
      const client = createPublicClient({ chain, transport: fallback(urls.map((url) => http(url, { timeout: 15_000, retryCount: 1 }))), pollingInterval: 100 }) as PublicClient
      const sender = new SendBatcher({
        pendingNonce: () => client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
        fees: async () => {
          const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas({ chain })
          return { maxFeePerGas, maxPriorityFeePerGas }
        },
        journal: (entries) => recordTransactions(db(), entries),
        forget: async (entries) => {
          for (const e of entries) await forgetTransaction(db(), e.nonce, e.step)
        },
        broadcast: async (raw) => {
          await client.sendRawTransaction({ serializedTransaction: raw })
        },
        fence,
      })
      return [[c.id, { chainId: c.id, chain, client, account, sender, fence }] as const]
    }),
  )
}
