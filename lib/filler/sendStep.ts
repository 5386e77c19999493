// Sends one settlement step exactly once. The signed transaction is written to the journal before
// it is broadcast: after a crash the same bytes are sent again (a no-op if they were mined), so a
// step never becomes two transactions. A step that already happened on chain is not sent at all.
import { type Hex, keccak256, type TransactionReceipt } from 'viem'
import { shortReason } from '../core/errors'
import type { Call, DoneCheck } from '../core/settlement/settlementCalls'
import { findTransaction, forgetTransaction, type JournalEntry, recordTransaction } from '../storage/intentStore'
import type { Sql } from '../storage/sql'
import type { FillerChain } from './fillerChains'

export type StepResult = { hash?: Hex; receipt?: TransactionReceipt; timestamp?: number }

export class StepRevertedError extends Error {}

export async function isDone(chain: FillerChain, check: DoneCheck): Promise<boolean> {
  const { data } = await chain.client.call({ to: check.to, data: check.data })
  return check.decode(data ?? '0x0')
}

/** Simulates a call as the filler; the revert reason, or undefined when it would succeed. */
export async function revertReason(chain: FillerChain, call: Call): Promise<string | undefined> {
  try {
    await chain.client.estimateGas({ account: chain.account, to: call.to, data: call.data, value: call.value })
    return undefined
  } catch (error) {
    return shortReason(error)
  }
}

export async function sendStep(p: { sql: Pick<Sql, 'query'>; intent: string; step: string; chain: FillerChain; call: Call; done: DoneCheck }): Promise<StepResult> {
  const { chain } = p
  let entry = await findTransaction(p.sql, p.intent, p.step)
  if (!entry) {
    if (await isDone(chain, p.done)) return {} // done on chain by an earlier journal we no longer have
    const request = await chain.client.prepareTransactionRequest({ account: chain.account, to: p.call.to, data: p.call.data, value: p.call.value, chain: chain.chain })
    const raw = await chain.account.signTransaction(request as Parameters<typeof chain.account.signTransaction>[0])
    const candidate: JournalEntry = { step: p.step, chainId: p.call.chainId, raw, hash: keccak256(raw) }
    if (!(await recordTransaction(p.sql, p.intent, candidate))) entry = await findTransaction(p.sql, p.intent, p.step)
    entry ??= candidate
  }
  try {
    await chain.client.sendRawTransaction({ serializedTransaction: entry.raw })
  } catch (error) {
    // Already mined or already pending: the receipt below tells. Anything else is retried later.
    if (!/already known|nonce too low|known transaction|already imported/i.test(String((error as Error).message))) throw error
  }
  const receipt = await chain.client.waitForTransactionReceipt({ hash: entry.hash, timeout: 60_000, pollingInterval: 100 }).catch(async (error: unknown) => {
    // Never mined and its account nonce used by something else: it can never be; sign again next time.
    if (!(await chain.client.getTransaction({ hash: entry.hash }).catch(() => undefined))) await forgetTransaction(p.sql, p.intent, p.step)
    throw error
  })
  if (receipt.status !== 'success') throw new StepRevertedError(`transaction ${entry.hash} reverted on chain ${p.call.chainId}`)
  const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber })
  return { hash: entry.hash, receipt, timestamp: Number(block.timestamp) }
}
