// Sends one settlement step exactly once. Before the first send the call is simulated (a revert
// there is a revert: nothing is signed). The signed transaction is written to the journal before
// it is broadcast: after a crash the same bytes are sent again (a no-op if they were mined), so a
// step never becomes two transactions. A step is done only when this intent's journal holds the
// transaction and its receipt, buried under the chain's confirmation depth, carries the proof the
// step expects (the arbiter's event for this sponsor, nonce and filler). Journaled bytes the node
// refuses for their fee (below a base fee that has since risen) would hold their account nonce, and
// every later one on the chain, for ever: the same transaction is signed again at the same nonce
// with the current fees (a bump a node accepts as a replacement), journaled in place of the old
// bytes, which the entry keeps (only one of them can be mined; whichever is, is the step's), and
// sent — at most MAX_REPLACEMENTS times a step. No other refusal is answered with a higher fee.
// A step with a gas limit of its own (what the intent paid for) is sent with exactly that, and not
// at all when its estimate is higher. A transaction that ran out of gas changed nothing: its entry
// is dropped and the step is signed again, with a fresh estimate, on the next pass (transient).
import {
  BaseError,
  ExecutionRevertedError,
  type Hex,
  keccak256,
  parseTransaction,
  RpcRequestError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem'
import { shortReason } from '../core/errors'
import {
  findTransaction,
  forgetTransaction,
  type JournalEntry,
  journalOf,
  rewriteTransaction,
  transactionHashes,
} from '../storage/journalStore'
import type { Sql } from '../storage/sql'
import type { FillerChain } from '../worker/fillerChains'
import { alreadyKnown, feeTooLow, nonceUsed, replacementFees } from '../worker/sendBatch'
import type { Call, Read, Step } from './step'

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

/** The call's gas estimate as the filler, or its revert reason. Only the node's word that the call
 * cannot run is a revert, retried a bounded number of times before the intent fails: execution
 * reverted (JSON-RPC code 3 or its message, which viem reads as ExecutionRevertedError) or the EVM
 * halting on it (an invalid opcode, a bad jump, out of gas at the block's limit: EVM_HALT). Anything
 * else (no answer, a busy or failing node, a rate limit) throws, and the intent backs off and tries
 * again without counting it. The estimate is asked without fees (`prepare: false`): a node caps a
 * priced estimate at what the filler's balance can pay for, and the filler short of gas money
 * would read as the call reverting; it shows when the transaction is sent instead, as a refusal. */
async function simulate(chain: FillerChain, call: Call): Promise<{ gas: bigint } | { reason: string }> {
  try {
    return {
      gas: await chain.client.estimateGas({
        account: chain.account,
        to: call.to,
        data: call.data,
        value: call.value,
        prepare: false,
        ...authorizations(call),
      }),
    }
  } catch (error) {
    if (!reverts(error)) throw error
    return { reason: shortReason(error) }
  }
}

/** What nodes answer when the EVM halts on a call (no revert data; the same on every try): anvil
 * says "EVM error <halt>", geth names the halt. */
const EVM_HALT = new RegExp(
  [
    '^EVM error ',
    'invalid opcode',
    'invalid jump destination',
    'stack underflow',
    'stack limit reached',
    'out of gas',
    'max call depth exceeded',
    'write protection',
    'return data out of bounds',
    'max code size exceeded',
    'max initcode size exceeded',
    'contract address collision',
    'invalid code: must not begin with 0xef',
  ].join('|'),
  'i',
)

const reverts = (error: unknown) =>
  error instanceof BaseError &&
  error.walk(
    (e) => e instanceof ExecutionRevertedError || (e instanceof RpcRequestError && EVM_HALT.test(e.details)),
  ) !== null

const authorizations = (call: Call) => (call.authorizationList ? { authorizationList: call.authorizationList } : {})

/** Whether a reverted transaction used all of its gas: it ran out (a revert returns what is left). */
export function ranOutOfGas(receipt: Pick<TransactionReceipt, 'gasUsed'>, entry: Pick<JournalEntry, 'raw'>): boolean {
  const { gas } = parseTransaction(entry.raw)
  return gas !== undefined && receipt.gasUsed >= gas
}

/** A receipt, or undefined when the node has none; a node that did not answer throws. */
export async function receiptOrNone(chain: FillerChain, hash: Hex): Promise<TransactionReceipt | undefined> {
  return chain.client.getTransactionReceipt({ hash }).catch((error: unknown) => {
    if (error instanceof TransactionReceiptNotFoundError) return undefined
    throw error
  })
}

/** Whether a journaled transaction can never be mined: the account's mined nonce is past its own
 * and neither it nor any bytes it replaced has a receipt (read after the nonce, so one mined in
 * between is seen). */
async function replaced(chain: FillerChain, entry: JournalEntry): Promise<boolean> {
  const { nonce } = parseTransaction(entry.raw)
  if (nonce === undefined) return false
  const mined = await chain.client.getTransactionCount({ address: chain.account.address, blockTag: 'latest' })
  if (mined <= nonce) return false
  for (const hash of transactionHashes(entry)) if ((await receiptOrNone(chain, hash)) !== undefined) return false
  return true
}

/** The most times one step is signed again at its nonce for a higher fee. Each replacement takes
 * the chain's current fees (at least an eighth above the last), so a few follow any fee rise; past
 * this the step's bytes are still sent as they are, and the intent's deadline decides. */
export const MAX_REPLACEMENTS = 8

type StepAt = { sql: Pick<Sql, 'query'>; intent: string; step: string; journal?: PassJournal }

/** The receipt of the step's journaled transaction, or of bytes it replaced (mined after all: the
 * entry is written back to them, so what is journaled is what is on chain). */
async function minedOf(
  p: StepAt,
  chain: FillerChain,
  entry: JournalEntry,
): Promise<{ entry: JournalEntry; receipt: TransactionReceipt } | undefined> {
  const receipt = await receiptOrNone(chain, entry.hash)
  if (receipt) return { entry, receipt }
  const olds = entry.replaced ?? []
  for (const old of olds) {
    const late = await receiptOrNone(chain, old.hash)
    if (!late) continue
    const replaced = [...olds.filter((r) => r.hash !== old.hash), { raw: entry.raw, hash: entry.hash }]
    const back: JournalEntry = { ...entry, raw: old.raw, hash: old.hash, replaced }
    await rewriteTransaction(p.sql, p.intent, p.step, entry.hash, { raw: back.raw, hash: back.hash, replaced })
    p.journal?.set(p.step, back)
    return { entry: back, receipt: late }
  }
  return undefined
}

/** Signs the journaled transaction again at its nonce with the chain's current fees (at least an
 * eighth above its own), journals it in place of the old bytes (kept with the entry) and sends it. */
async function replaceAtNonce(p: StepAt, chain: FillerChain, entry: JournalEntry): Promise<JournalEntry> {
  const { r: _r, s: _s, v: _v, yParity: _y, ...unsigned } = parseTransaction(entry.raw)
  const current = await chain.client.estimateFeesPerGas({ chain: chain.chain })
  const fees = replacementFees(
    { maxFeePerGas: unsigned.maxFeePerGas ?? 0n, maxPriorityFeePerGas: unsigned.maxPriorityFeePerGas ?? 0n },
    current,
  )
  chain.fence()
  const raw = await chain.account.signTransaction({ ...unsigned, ...fees } as Parameters<
    typeof chain.account.signTransaction
  >[0])
  const replaced = [...(entry.replaced ?? []), { raw: entry.raw, hash: entry.hash }]
  const next: JournalEntry = { ...entry, raw, hash: keccak256(raw), replaced }
  if (!(await rewriteTransaction(p.sql, p.intent, p.step, entry.hash, { raw: next.raw, hash: next.hash, replaced }))) {
    throw new Error(`${p.step} of intent ${p.intent} was journaled anew by another pass`)
  }
  p.journal?.set(p.step, next)
  chain.fence()
  await chain.client.sendRawTransaction({ serializedTransaction: raw }).catch((error: unknown) => {
    if (!alreadyKnown(error) && !nonceUsed(error)) throw error
  })
  return next
}

/** Whether journaled bytes can no longer be mined for their fee: below the latest block's base fee,
 * with their nonce still free (once it is used — by them, bytes they replaced, or another
 * transaction — a replacement could never be mined either). */
async function outgrown(chain: FillerChain, entry: JournalEntry): Promise<boolean> {
  const { maxFeePerGas, nonce } = parseTransaction(entry.raw)
  if (maxFeePerGas === undefined || nonce === undefined) return false
  if ((await chain.client.getTransactionCount({ address: chain.account.address, blockTag: 'latest' })) > nonce)
    return false
  const { baseFeePerGas } = await chain.client.getBlock({ blockTag: 'latest' })
  return baseFeePerGas !== null && baseFeePerGas !== undefined && maxFeePerGas < baseFeePerGas
}

/** How many times the step was signed again at its nonce. */
const replacements = (entry: JournalEntry) => entry.replaced?.length ?? 0

export async function hasJournal(
  sql: Pick<Sql, 'query'>,
  intent: string,
  step: string,
  journal?: PassJournal,
): Promise<boolean> {
  return journal ? journal.has(step) : (await findTransaction(sql, intent, step)) !== undefined
}

/** The intent's journal as one pass read it at its start (this pass is the only one writing it). */
export type PassJournal = Map<string, JournalEntry>

export async function passJournal(sql: Pick<Sql, 'query'>, intent: string): Promise<PassJournal> {
  return new Map((await journalOf(sql, intent)).map((e) => [e.step, e]))
}

export async function sendStep(
  p: {
    sql: Pick<Sql, 'query'>
    intent: string
    step: string
    chain: FillerChain
    confirmations: number
    journal?: PassJournal
  } & Step,
): Promise<StepResult> {
  const { chain } = p
  let journaled = p.journal ? p.journal.get(p.step) : await findTransaction(p.sql, p.intent, p.step)
  let mined: TransactionReceipt | undefined
  if (journaled) {
    // Signed before (a previous pass, or before a crash): mined already (it, or bytes it replaced),
    // or the same bytes go out again.
    const found = await minedOf(p, chain, journaled)
    if (found) {
      journaled = found.entry
      mined = found.receipt
    } else {
      chain.fence()
      // Known, or its nonce used (mined meanwhile, or taken by another transaction): the receipt
      // wait below tells which. A fee the chain no longer takes has the step signed again at its
      // nonce (at most MAX_REPLACEMENTS times). Any other refusal — funds, a node's limits, one of
      // our own transactions holding the nonce in the pool ("replacement transaction underpriced",
      // which a bump would only outbid) — is tried again, with the same bytes, next pass.
      const refusal = await chain.client.sendRawTransaction({ serializedTransaction: journaled.raw }).then(
        () => undefined,
        (error: unknown) => (alreadyKnown(error) || nonceUsed(error) ? undefined : error),
      )
      if (refusal !== undefined) {
        if (!feeTooLow(refusal) || replacements(journaled) >= MAX_REPLACEMENTS) throw refusal
        journaled = await replaceAtNonce(p, chain, journaled)
      }
    }
  } else {
    const simulated = await simulate(chain, p.call)
    if ('reason' in simulated)
      throw new StepRevertedError(`${p.step} on chain ${p.call.chainId} would revert (${simulated.reason})`, true)
    if (p.gasLimit !== undefined && simulated.gas > p.gasLimit) {
      const message =
        `${p.step} on chain ${p.call.chainId} needs ${simulated.gas} gas, ` +
        `more than the ${p.gasLimit} the intent paid for`
      throw new StepRevertedError(message, true)
    }
    // The estimate with a quarter more (and the step's headroom), so signing does not ask the node
    // again (unused gas is not paid); a step's own limit exactly.
    const gas = p.gasLimit ?? (simulated.gas * 5n) / 4n + (p.headroom ?? 0n)
    // Signed in the chain's batch (sendBatch): the nonce is the one the node counts next for this
    // account, never one a parallel step uses; journaled before it is broadcast.
    journaled = await chain.sender.send({
      intent: p.intent,
      step: p.step,
      sign: async (nonce, fees) => {
        // Every field is known, so it is signed as it stands, without asking the node: viem's
        // prepareTransactionRequest would call eth_fillTransaction (no chainId in the request), and
        // the node's answer would replace the gas margin above and the batch's fees.
        const { to, data, value, authorizationList } = p.call
        const fields = { chainId: chain.chainId, to, data, value, gas, nonce, ...fees }
        const raw = await chain.account.signTransaction(
          authorizationList ? { ...fields, type: 'eip7702', authorizationList } : { ...fields, type: 'eip1559' },
        )
        return { step: p.step, chainId: p.call.chainId, raw, hash: keccak256(raw) }
      },
    })
    p.journal?.set(p.step, journaled)
  }
  const entry = journaled
  const receipt =
    mined && p.confirmations === 0
      ? mined
      : await chain.client
          .waitForTransactionReceipt({
            hash: entry.hash,
            timeout: RECEIPT_WAIT_MS,
            pollingInterval: 50,
            confirmations: p.confirmations + 1,
          })
          .catch(async (error: unknown) => {
            // Not mined in time: it may wait behind a nonce a re-org emptied; every gap below it is filled.
            await chain.refillNonces().catch(() => undefined)
            // Never mined and its account nonce used by another transaction: it can never be; sign again
            // next time. A transaction merely unknown to the node (a re-org emptied its pool) is kept:
            // its nonce is free, so its bytes go out again (nonceGaps.ts) and cannot run twice.
            if (await replaced(chain, entry)) {
              await forgetTransaction(p.sql, p.intent, p.step)
              p.journal?.delete(p.step)
            } else if (replacements(entry) < MAX_REPLACEMENTS && (await outgrown(chain, entry).catch(() => false))) {
              // Pooled, or dropped, with a fee the base fee has outgrown: it would wait for ever and
              // hold every later nonce; its replacement is waited for on the next pass.
              await replaceAtNonce(p, chain, entry).catch(() => undefined)
            }
            throw error
          })
  if (receipt.status !== 'success') {
    if (p.gasLimit === undefined && ranOutOfGas(receipt, entry)) {
      // Nothing happened: the step is signed again with a fresh estimate on the next pass.
      await forgetTransaction(p.sql, p.intent, p.step)
      p.journal?.delete(p.step)
      throw new Error(
        `${p.step}: transaction ${entry.hash} ran out of gas on chain ${p.call.chainId}; it is sent again`,
      )
    }
    throw new StepRevertedError(`${p.step}: transaction ${entry.hash} reverted on chain ${p.call.chainId}`)
  }
  if (!p.proof(receipt))
    throw new StepRevertedError(
      `${p.step}: transaction ${entry.hash} on chain ${p.call.chainId} carries no proof of this step for this filler`,
    )
  const block = await chain.client.getBlock({ blockNumber: receipt.blockNumber })
  return { hash: entry.hash, receipt, timestamp: Number(block.timestamp) }
}
