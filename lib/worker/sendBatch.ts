// Signs and broadcasts the filler's transactions on one chain, in batches: whatever steps asked to
// send while the previous batch was going out are signed together, with consecutive account nonces
// from one look at the chain (its pending nonce and fees), journaled in one statement before any of
// them is broadcast, then broadcast in nonce order. Only one batch runs at a time per chain, so
// parallel intents never draw the same nonce, and a busy chain costs one nonce and fee look-up and
// one journal write per batch instead of per transaction. A request for an intent this process no
// longer holds a claim on (another filler may have taken it) is refused before it draws a nonce.
import type { Hex } from 'viem'
import type { JournalEntry } from '../storage/journalStore'

export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/** One step's transaction: `sign` turns a nonce and fees into its signed bytes. */
export type SendRequest = { intent: string; step: string; sign: (nonce: number, fees: Fees) => Promise<JournalEntry> }

export type Journaled = JournalEntry & { nonce: string }

export type BatchChain = {
  /** The account's next nonce, counting pending transactions. */
  pendingNonce: () => Promise<number>
  fees: () => Promise<Fees>
  /** Records the entries in one statement; the `intent:step` keys recorded (a step that has an
   * entry already is not). */
  journal: (entries: Journaled[]) => Promise<Set<string>>
  /** Deletes entries that were never broadcast. */
  forget: (entries: Journaled[]) => Promise<void>
  broadcast: (raw: Hex) => Promise<void>
  /** Throws when this process may no longer send (the filler's lease lapsed). */
  fence: () => void
  /** Throws when this process may no longer send for the intent (its claim on it lapsed,
   * claims.ts): checked before a request draws a nonce. */
  intentFence?: (intent: string) => void
}

/** Another pass journaled this step first: its entry is the step's, and that pass sends it. */
export class AlreadyJournaledError extends Error {}

/** A broadcast error that says the node already holds these very bytes (pending or mined). */
export const alreadyKnown = (error: unknown) =>
  /already known|known transaction|already imported/i.test(String((error as Error)?.message))

/** A broadcast error that says the nonce is used: by these bytes, mined, or by another transaction
 * (then these bytes can never be mined). Only a receipt of their own hash tells which. */
export const nonceUsed = (error: unknown) => /nonce too low/i.test(String((error as Error)?.message))

/** A broadcast error that says these bytes' fee cannot get them mined: below the chain's base fee
 * (which has risen since they were signed), or too low to take a place in the pool. Not "replacement
 * transaction underpriced": that is another transaction of the account's holding the nonce, which
 * a higher fee would only outbid. */
const FEE_TOO_LOW = new RegExp(
  [
    'less than (the )?block base fee',
    'fee cap .*less than .*base fee',
    '(?<!replacement (transaction )?)underpriced',
    'fee too low',
  ].join('|'),
  'i',
)

export const feeTooLow = (error: unknown) => FEE_TOO_LOW.test(String((error as Error)?.message))

/** The fees of a replacement for a transaction signed with `old`: the chain's current fees, and at
 * least an eighth above the old ones (a node replaces a pooled transaction only for a bump). */
export function replacementFees(old: Fees, current: Fees): Fees {
  const bump = (v: bigint) => (v * 9n) / 8n + 1n
  const max = (...v: bigint[]) => v.reduce((a, b) => (a > b ? a : b))
  const maxPriorityFeePerGas = max(current.maxPriorityFeePerGas, bump(old.maxPriorityFeePerGas))
  return { maxFeePerGas: max(current.maxFeePerGas, bump(old.maxFeePerGas), maxPriorityFeePerGas), maxPriorityFeePerGas }
}

type Pending = SendRequest & { resolve: (entry: JournalEntry) => void; reject: (error: unknown) => void }

export class SendBatcher {
  private pending: Pending[] = []
  private draining: Promise<void> | undefined
  /** The batches and the nonce refills, one at a time. */
  private tail: Promise<unknown> = Promise.resolve()
  /** How many batches went out, and the largest. */
  readonly stats = { batches: 0, largest: 0 }

  constructor(private readonly chain: BatchChain) {}

  /** Signs, journals and broadcasts one transaction; resolves with its journal entry once broadcast. */
  send(request: SendRequest): Promise<JournalEntry> {
    return new Promise<JournalEntry>((resolve, reject) => {
      this.pending.push({ ...request, resolve, reject })
      this.draining ??= this.drain().finally(() => {
        this.draining = undefined
      })
    })
  }

  /** Runs `work` when no batch is being signed or broadcast on this chain (and no other such work
   * runs), so it sees every journaled transaction sent and draws no nonce a batch draws. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.tail.then(work)
    this.tail = next.catch(() => undefined)
    return next
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending
      this.pending = []
      this.stats.batches++
      this.stats.largest = Math.max(this.stats.largest, batch.length)
      await this.exclusive(() => this.run(batch)).catch((error: unknown) => {
        for (const request of batch) request.reject(error)
      })
    }
  }

  private async run(all: Pending[]): Promise<void> {
    this.chain.fence()
    // A request whose intent this process no longer holds is refused before it draws a nonce, so
    // the others keep consecutive nonces.
    const batch = all.filter((request) => {
      try {
        this.chain.intentFence?.(request.intent)
        return true
      } catch (error) {
        request.reject(error)
        return false
      }
    })
    if (batch.length === 0) return
    const [first, fees] = await Promise.all([this.chain.pendingNonce(), this.chain.fees()])
    // Each request with the entry it signed, in nonce order.
    const signed: { request: Pending; entry: Journaled }[] = []
    for (const [i, request] of batch.entries())
      signed.push({ request, entry: { ...(await request.sign(first + i, fees)), nonce: request.intent } })
    this.chain.fence()
    const recorded = await this.chain.journal(signed.map((s) => s.entry))
    const isRecorded = (e: Journaled) => recorded.has(`${e.nonce}:${e.step}`)
    // A step journaled by another pass leaves its nonce unused: what was signed after it would wait
    // behind the gap, so it is deleted unsent and its step tries again on its next pass.
    const gap = signed.findIndex((s) => !isRecorded(s.entry))
    const sendable = gap === -1 ? signed : signed.slice(0, gap)
    if (gap !== -1) {
      await this.chain.forget(
        signed
          .slice(gap + 1)
          .map((s) => s.entry)
          .filter(isRecorded),
      )
      for (const [k, { request }] of signed.slice(gap).entries())
        request.reject(
          k === 0
            ? new AlreadyJournaledError(`${request.step} of intent ${request.intent} was journaled by another pass`)
            : new Error(`signed after a step another pass had journaled; signed again on the next pass`),
        )
    }
    // Broadcast in nonce order without waiting for each answer: a node keeps a nonce that arrives
    // before the one below it until that one lands. One that is not taken is rejected and goes out
    // again, as the same bytes, on its step's next pass.
    this.chain.fence()
    await Promise.all(
      sendable.map(async ({ request, entry: e }) => {
        const entry: JournalEntry = { step: e.step, chainId: e.chainId, raw: e.raw, hash: e.hash }
        try {
          await this.chain.broadcast(entry.raw)
          request.resolve(entry)
        } catch (error) {
          // Freshly signed at the pending nonce: "nonce too low" means something else took it, so
          // it is not sent; its step re-sends the journaled bytes and, once they can never be mined
          // (sendStep), signs anew.
          if (alreadyKnown(error)) request.resolve(entry)
          else request.reject(error)
        }
      }),
    )
  }
}
