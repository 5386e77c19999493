// The filler's view of each chain: a client that reads and sends, its own signing account, the
// batcher its transactions are signed and broadcast through (one batch at a time per chain, with
// consecutive nonces, so intents settled in parallel never draw the same account nonce), and the
// fences every send passes (the lease on its sending account: a filler that lost it signs nothing
// more; and its claim on the intent, claims.ts). Only this account's journal is refilled.
import { type Chain, createPublicClient, type PrivateKeyAccount, type PublicClient, parseTransaction } from 'viem'
import { chains } from '../core/chains/chains'
import { chainTransport } from '../rpc/chainTransport'
import { forgetTransaction, recentJournalOn, recordTransactions } from '../storage/journalStore'
import type { Sql } from '../storage/sql'
import { refillNonces } from './nonceGaps'
import { SendBatcher } from './sendBatch'

/** How far back the journal is read for transactions a re-org may have dropped. */
const REFILL_JOURNAL_SECONDS = 3_600
/** Per RPC request: a node slow to take a transaction is waited for longer than the app waits for a read. */
const RPC_TIMEOUT_MS = 15_000

export type FillerChain = {
  chainId: number
  chain: Chain
  client: PublicClient
  account: PrivateKeyAccount
  sender: SendBatcher
  /** Throws when this process may no longer send (the filler's lease lapsed). */
  fence: () => void
  /** After a re-org (or a transaction that waits too long): re-sends, in nonce order, every
   * journaled transaction above the chain's confirmed nonce for the filler, and fills a nonce no
   * journaled transaction holds with a transfer to itself (nonceGaps.ts), between two batches. */
  refillNonces: () => Promise<{ resent: number; filled: number }>
}

/** `sql` journals what the chains' batches sign (sendBatch); without it nothing can be sent.
 * `intentFence` refuses a send for an intent this process no longer holds (claims.ts). */
export function fillerChains(
  rpcUrls: Partial<Record<number, string[]>>,
  account: PrivateKeyAccount,
  fence: () => void = () => {},
  sql?: Pick<Sql, 'query'>,
  intentFence?: (intent: string) => void,
): Map<number, FillerChain> {
  const db = () => {
    if (!sql) throw new Error('no database to journal the transactions in')
    return sql
  }
  return new Map(
    chains.flatMap((c) => {
      const urls = rpcUrls[c.id]
      if (!urls || urls.length === 0) return []
      const chain = c.viem as Chain
      const client = createPublicClient({
        chain,
        transport: chainTransport(urls, { timeout: RPC_TIMEOUT_MS }),
        pollingInterval: 100,
      }) as PublicClient
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
        ...(intentFence ? { intentFence } : {}),
      })
      const refill = () =>
        sender.exclusive(() =>
          refillNonces({
            minedNonce: () => client.getTransactionCount({ address: account.address, blockTag: 'latest' }),
            journaled: async (from) =>
              (await recentJournalOn(db(), c.id, REFILL_JOURNAL_SECONDS, account.address))
                .map((e) => ({ nonce: parseTransaction(e.raw).nonce ?? -1, raw: e.raw }))
                .filter((t) => t.nonce >= from),
            broadcast: async (raw) => {
              await client.sendRawTransaction({ serializedTransaction: raw })
            },
            selfTransfer: async (nonce) => {
              const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas({ chain })
              return account.signTransaction({
                chainId: c.id,
                type: 'eip1559',
                to: account.address,
                value: 0n,
                gas: 21_000n,
                nonce,
                maxFeePerGas,
                maxPriorityFeePerGas,
              })
            },
            fence,
          }),
        )
      return [[c.id, { chainId: c.id, chain, client, account, sender, fence, refillNonces: refill }] as const]
    }),
  )
}
