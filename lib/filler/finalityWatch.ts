// Finality after COMPLETED: the filler keeps an eye on every chain's head for FINALITY_WATCH_SECONDS
// after each intent became final (COMPLETED, or FAILED with every refund sent). The intents come
// from a cursor over the time they became final (only new transitions are read, never the whole
// window again); of a FAILED one, its refunds are watched. A transaction is looked
// up once when its intent is first seen COMPLETED (a step mined and rolled back between two looks at
// the head leaves no trace in the head), and every watched transaction on a chain again whenever
// that chain re-orgs (the block last seen as its head is gone or different). An intent whose step is
// no longer on chain is reopened at the status before that step (intentMachine's `reorged`), so the
// status says what is true, and the scheduler sends the journaled bytes again (or signs the step
// anew if they can no longer be mined) and brings it back to COMPLETED, where the cursor finds it;
// a FAILED intent's dropped refund is due again and the refund pass sends it once more. On a chain
// that re-orged, then every filler transaction journaled above the account's confirmed nonce goes
// out again in nonce order (nonceGaps.ts): a gap below a re-sent step would hold it for ever.
// A step mined as a revert is no dropped step: a FAILED intent's refund (or return) that reverted
// because its escrow was already refunded (by the sponsor, or anyone) did what it was for, and is
// recorded as done by another party, once; any other reverted step is reopened like a dropped one,
// and its settlement pass meets the revert as a failed step (sendStep's StepRevertedError).
import type { Hex } from 'viem'
import { escrowStatus } from '../core/abi/arbiter'
import type { IntentStatus, RefundRecord } from '../core/intent/intentRecords'
import { isAccountEscrowRoute } from '../core/intentOp/accountEscrow'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import { findIntent, updateIntent } from '../storage/intentStore'
import { type JournalEntry, type SettledJournal, settledJournalSince, transactionHashes } from '../storage/journalStore'
import type { Sql } from '../storage/sql'
import type { FillerChain } from '../worker/fillerChains'
import { type Funding, transition } from './intentMachine'
import { read, receiptOrNone } from './sendStep'
import { settlementPlan } from './settlementCalls'

/** The element a step such as `refund:1` or `escrow:0:return` is about. */
const elementOf = (step: string) => Number(step.split(':')[1])

/** How long after COMPLETED an intent's transactions are watched for re-orgs. */
export const FINALITY_WATCH_SECONDS = 900

/** How far back each read of the cursor reaches before the last COMPLETED time it saw: a
 * transition stamped (clock_timestamp) before it but committed after is still found, however
 * slow the database is to commit it within this bound (each is taken once). */
export const CURSOR_OVERLAP_MS = 30_000

type Watched = { settledAt: number; until: number; entries: (JournalEntry & { looked: boolean })[] }

export type FinalityStore = {
  settledSince: (since: Date | undefined, seconds: number) => Promise<SettledJournal[]>
  /** Reopens a final intent whose `steps` a re-org dropped (a COMPLETED one at the status before
   * the first of them, a FAILED one's refunds as due again); the status it is now in, or undefined
   * when it is no longer final. */
  reopen: (nonce: string, steps: string[]) => Promise<IntentStatus | undefined>
  /** Of a FAILED intent's refund and return steps mined as reverts (`hash`: the reverted
   * transaction), those whose escrow is refunded on chain all the same: each is recorded as done by
   * another party (the refund COMPLETED with no transaction of the filler's). */
  refundedByOthers: (nonce: string, reverted: { step: string; hash: Hex }[]) => Promise<string[]>
}

export function finalityStore(sql: Pick<Sql, 'query'>, chains: Map<number, FillerChain> = new Map()): FinalityStore {
  return {
    settledSince: (since, seconds) => settledJournalSince(sql, since, seconds),
    refundedByOthers: async (nonce, reverted) => {
      const intent = await findIntent(sql, BigInt(nonce))
      if (intent?.status !== 'FAILED') return []
      const signed = intent.signedIntentOp as WireIntentOp & { originSignatures: Hex[] }
      const destination = chains.get(Number(signed.elements.at(-1)?.mandate.destinationChainId))
      if (!destination) return []
      const plan = settlementPlan(signed, signed.originSignatures, destination.account.address)
      const done: string[] = []
      let refunds: RefundRecord[] = intent.refunds
      for (const { step, hash } of reverted) {
        const element = plan.elements[elementOf(step)]
        const chain = element && chains.get(element.chainId)
        if (!element?.escrowState || !chain) continue
        if ((await read(chain, element.escrowState)).status !== escrowStatus.refunded) continue
        done.push(step)
        // The record names no transaction of the filler's: its own reverted.
        refunds = refunds.map((r) =>
          r.elementIndex === element.elementIndex && (r.status !== 'COMPLETED' || r.txHash === hash)
            ? { chainId: r.chainId, elementIndex: r.elementIndex, status: 'COMPLETED' as const, reason: r.reason }
            : r,
        )
      }
      // Written only when it changes: a new time would have the cursor read the intent again.
      if (JSON.stringify(refunds) !== JSON.stringify(intent.refunds)) await updateIntent(sql, nonce, { refunds })
      return done
    },
    reopen: async (nonce, steps) => {
      const intent = await findIntent(sql, BigInt(nonce))
      if (intent?.status === 'FAILED') {
        // A refund that is gone is due again: the intent is back on the work list and the refund
        // pass sends it (the same bytes, or signed anew), as long as the escrow is still held.
        const gone = new Set(steps.filter((s) => s.startsWith('refund:')).map(elementOf))
        const refunds = intent.refunds.map((r) =>
          gone.has(r.elementIndex) && r.status === 'COMPLETED'
            ? { chainId: r.chainId, elementIndex: r.elementIndex, status: 'PENDING' as const, reason: r.reason }
            : r,
        )
        if (JSON.stringify(refunds) !== JSON.stringify(intent.refunds)) await updateIntent(sql, nonce, { refunds })
        return 'FAILED'
      }
      if (intent?.status !== 'COMPLETED') return undefined
      const signed = intent.signedIntentOp as WireIntentOp
      const [first] = signed.elements
      if (!first) throw new Error(`intent ${nonce} has no elements`)
      // An account's own escrow route runs the PERMIT2 machine (escrow with refund).
      const funding = isAccountEscrowRoute(signed)
        ? 'PERMIT2'
        : (first.mandate.qualifier.settlementContext.fundingMethod as Funding)
      let status: IntentStatus = intent.status
      for (const step of steps) status = transition(funding, status, { type: 'reorged', step })
      // The escrows and claims that are gone are pending again; the next pass sends them first.
      const gone = new Set(steps.filter((s) => s.startsWith('escrow:') || s.startsWith('claim:')).map(elementOf))
      const claims = intent.claims.map((c) => (gone.has(c.elementIndex) ? { ...c, status: 'PENDING' as const } : c))
      await updateIntent(sql, nonce, { status, claims })
      return status
    },
  }
}

export class FinalityWatch {
  private readonly heads = new Map<number, { number: bigint; hash: Hex }>()
  /** The COMPLETED intents watched, by nonce. */
  private readonly watched = new Map<string, Watched>()
  /** The latest COMPLETED time the cursor has read. */
  private cursor: Date | undefined

  constructor(
    private readonly store: FinalityStore,
    private readonly chains: Map<number, FillerChain>,
    private readonly log: (event: string, fields: Record<string, unknown>) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many intents are watched now. */
  get size(): number {
    return this.watched.size
  }

  /** One look: new COMPLETED intents from the cursor, then every chain; the intents reopened. */
  async check(): Promise<string[]> {
    await this.readCursor()
    const reopened = await Promise.all(
      [...this.chains.values()].map(async (chain) => {
        const reorged = await this.reorged(chain)
        // The look-ups first: a step re-sent by the refill and mined again would otherwise hide
        // that it was dropped, and its intent would keep the block and time it no longer has.
        const reopened = await this.reopenDropped(chain, reorged)
        if (reorged) await this.refill(chain)
        return reopened
      }),
    )
    return [...new Set(reopened.flat())]
  }

  private async readCursor(): Promise<void> {
    const since = this.cursor && new Date(this.cursor.getTime() - CURSOR_OVERLAP_MS)
    for (const intent of await this.store.settledSince(since, FINALITY_WATCH_SECONDS)) {
      if (!this.cursor || intent.settledAt > this.cursor) this.cursor = intent.settledAt
      const settledAt = intent.settledAt.getTime()
      if (this.watched.get(intent.nonce)?.settledAt === settledAt) continue // read before
      this.watched.set(intent.nonce, {
        settledAt,
        until: this.now() + (FINALITY_WATCH_SECONDS - intent.ageSeconds) * 1_000,
        entries: intent.entries.map((e) => ({ ...e, looked: false })),
      })
    }
    for (const [nonce, w] of this.watched) if (w.until <= this.now()) this.watched.delete(nonce)
  }

  /** Whether the block this watch last saw as the chain's head is no longer on the chain. */
  private async reorged(chain: FillerChain): Promise<boolean> {
    const head = await chain.client.getBlock({ blockTag: 'latest' })
    const seen = this.heads.get(chain.chainId)
    this.heads.set(chain.chainId, { number: head.number, hash: head.hash })
    if (!seen || (head.number === seen.number && head.hash === seen.hash)) return false
    if (head.number < seen.number) return true
    const then =
      head.number === seen.number
        ? head
        : await chain.client.getBlock({ blockNumber: seen.number }).catch(() => undefined)
    return then?.hash !== seen.hash
  }

  /** The filler's account nonce may have gone back: every dropped transaction of its, of any
   * intent, goes out again in nonce order (nonceGaps.ts), so none waits behind a gap. */
  private async refill(chain: FillerChain): Promise<void> {
    const { resent, filled } = await chain.refillNonces()
    if (resent + filled > 0)
      this.log('re-org dropped filler transactions; re-sent in nonce order', { chainId: chain.chainId, resent, filled })
  }

  private async reopenDropped(chain: FillerChain, reorged: boolean): Promise<string[]> {
    const toLook = [...this.watched].flatMap(([nonce, w]) =>
      w.entries.filter((e) => e.chainId === chain.chainId && (reorged || !e.looked)).map((entry) => ({ nonce, entry })),
    )
    const dropped = new Map<string, string[]>()
    const reverted = new Map<string, (JournalEntry & { looked: boolean })[]>()
    await Promise.all(
      toLook.map(async ({ nonce, entry }) => {
        // A node that did not answer leaves the entry to the next look (a failed read is no re-org).
        let receipt: Awaited<ReturnType<typeof receiptOrNone>>
        try {
          // The step's transaction, or bytes it replaced at the same nonce (only one can be mined).
          for (const hash of transactionHashes(entry)) {
            receipt = await receiptOrNone(chain, hash)
            if (receipt) break
          }
        } catch {
          return
        }
        if (receipt?.status === 'success') entry.looked = true
        // A refund or return mined as a revert: the escrow may have been refunded by another party.
        else if (receipt && entry.step.startsWith('refund:'))
          reverted.set(nonce, [...(reverted.get(nonce) ?? []), { ...entry, hash: receipt.transactionHash }])
        // Any other step mined as a revert (a fill past its deadline, mined again after a re-org) is
        // reopened: its pass meets the revert as a failed step. Not mined at all: dropped.
        else dropped.set(nonce, [...(dropped.get(nonce) ?? []), entry.step])
      }),
    )
    for (const [nonce, entries] of reverted) {
      let done: string[]
      try {
        done = await this.store.refundedByOthers(nonce, entries)
      } catch {
        continue // a node that did not answer: looked at again next time
      }
      for (const e of entries) {
        const watched = this.watched.get(nonce)?.entries.find((w) => w.step === e.step)
        if (done.includes(e.step)) {
          if (watched) watched.looked = true
          this.log('refund reverted: the escrow was already refunded by another party', {
            id: nonce,
            chainId: chain.chainId,
            step: e.step,
            tx: e.hash,
          })
        } else dropped.set(nonce, [...(dropped.get(nonce) ?? []), e.step])
      }
    }
    for (const [nonce, steps] of dropped) {
      // No longer watched: reopened, it is read from the cursor again once it is COMPLETED again.
      this.watched.delete(nonce)
      const status = await this.store.reopen(nonce, steps)
      if (status)
        this.log('re-org dropped a settled step; intent reopened', { id: nonce, chainId: chain.chainId, steps, status })
    }
    return [...dropped.keys()]
  }
}
