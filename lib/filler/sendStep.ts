// Sends one settlement step exactly once. Before the first send the call is simulated (a revert
// there is a revert: nothing is signed). The signed transaction is written to the journal before
// it is broadcast: after a crash the same bytes are sent again (a no-op if they were mined), so a
// step never becomes two transactions. A step is done only when this intent's journal holds the
// transaction and its receipt, buried under the chain's confirmation depth, carries the proof the
// step expects (the arbiter's event for this sponsor, nonce and filler).
import { type Hex, keccak256, type TransactionReceipt } from 'viem'
import { shortReason } from '../core/errors'
import { findTransaction, forgetTransaction, type JournalEntry, recordTransaction } from '../storage/journalStore'
import type { Sql } from '../storage/sql'
import type { FillerChain } from './fillerChains'
import type { Call, Read, Step } from './settlementCalls'

export type StepResult = { hash: Hex; receipt: TransactionReceipt; timestamp: number }

/** The step cannot happen: its simulation (`simulated`) or its transaction reverted, or its receipt
 * lacks the proof. */
export class StepRevertedError extends Error {
  constructor(
    message: string,
    readonly simulated = false,
  ) {
    super(message)
  }
}

/** How long one pass waits for a receipt; a step not mined by then is looked at again next pass. */
export const RECEIPT_WAIT_MS = 10_000

export async function read<T>(chain: FillerChain, r: Read<T>): Promise<T> {
  const { data } = await chain.client.call({ to: r.to, data: r.data })
  return r.decode(data ?? '0x0')
}

/** Simulates a call as the filler; the revert reason, or undefined when it would succeed. */
export async function revertReason(chain: FillerChain, call: Call): Promise<string | undefined> {
  const simulated = await simulate(chain, call)
  return 'reason' in simulated ? simulated.reason : undefined
}

/** The call's gas estimate as the filler, or its revert reason; a node that did not answer throws
 * (only a revert is a revert: that is retried later). */
async function simulate(chain: FillerChain, call: Call): Promise<{ gas: bigint } | { reason: string }> {
  try {
    return { gas: await chain.client.estimateGas({ account: chain.account, to: call.to, data: call.data, value: call.value, ...authorizations(call) }) }
  } catch (error) {
    const reason = shortReason(error)
    if (/fetch failed|ECONNREFUSED|timed? ?out|HTTP request failed|socket/i.test(reason)) throw error
    return { reason }
  }
}

const authorizations = (call: Call) => (call.authorizationList ? { authorizationList: call.authorizationList } : {})

export async function hasJournal(sql: Pick<Sql, 'query'>, intent: string, step: string): Promise<boolean> {
  return (await findTransaction(sql, intent, step)) !== undefined
}

export async function sendStep(p: { sql: Pick<Sql, 'query'>; intent: string; step: string; chain: FillerChain; confirmations: number } & Step): Promise<StepResult> {
  const { chain } = p
  let entry = await findTransaction(p.sql, p.intent, p.step)
  let gas: bigint | undefined
  if (!entry) {
    const simulated = await simulate(chain, p.call)
    if ('reason' in simulated) throw new StepRevertedError(`${p.step} on chain ${p.call.chainId} would revert (${simulated.reason})`, true)
    // The estimate with a quarter more, so the send queue does not ask the node again (unused gas is not paid).
    gas = (simulated.gas * 5n) / 4n
  }
  // Signing and broadcasting go through the chain's queue: the account nonce prepared here is the
  // one the node counts next, never one a parallel step is about to use.
  const journaled = await chain.sendQueue.run(async () => {
    chain.fence()
    if (!entry) {
      const request = await chain.client.prepareTransactionRequest({
        account: chain.account,
        to: p.call.to,
        data: p.call.data,
        value: p.call.value,
        chain: chain.chain,
        gas,
        ...authorizations(p.call),
      })
      const raw = await chain.account.signTransaction(request as Parameters<typeof chain.account.signTransaction>[0])
      const candidate: JournalEntry = { step: p.step, chainId: p.call.chainId, raw, hash: keccak256(raw) }
      if (!(await recordTransaction(p.sql, p.intent, candidate))) entry = await findTransaction(p.sql, p.intent, p.step)
      entry ??= candidate
    }
    const signed = entry
    try {
      await chain.client.sendRawTransaction({ serializedTransaction: signed.raw })
    } catch (error) {
      // Already mined or already pending: the receipt below tells. Anything else is retried later.
      if (!/already known|nonce too low|known transaction|already imported/i.test(String((error as Error).message))) throw error
    }
    return signed
  })
  const receipt = await chain.client
    .waitForTransactionReceipt({ hash: journaled.hash, timeout: RECEIPT_WAIT_MS, pollingInterval: 50, confirmations: p.confirmations + 1 })
    .catch(async (error: unknown) => {
      // Never mined and its account nonce used by something else: it can never be; sign again next time.
      if (!(await chain.client.getTransaction({ hash: journaled.hash }).catch(() => undefined))) await forgetTransaction(p.sql, p.intent, p.step)
      throw error
    })
  if (receipt.status !== 'success') throw new StepRevertedError(`${p.step}: transaction ${journaled.hash} reverted on chain ${p.call.chainId}`)
  if (!p.proof(receipt)) throw new StepRevertedError(`${p.step}: transaction ${journaled.hash} on chain ${p.call.chainId} carries no proof of this step for this filler`)
  const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber })
  return { hash: journaled.hash, receipt, timestamp: Number(block.timestamp) }
}
