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
import type { Hex } from 'viem'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import { findIntent, type IntentStatus, updateIntent } from '../storage/intentStore'
import { type JournalEntry, type SettledJournal, settledJournalSince } from '../storage/journalStore'
import type { Sql } from '../storage/sql'
import type { FillerChain } from './fillerChains'
import { type Funding, transition } from './intentMachine'
import { receiptOrNone } from './sendStep'

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
}

export function finalityStore(sql: Pick<Sql, 'query'>): FinalityStore {
  return {
    settledSince: (since, seconds) => settledJournalSince(sql, since, seconds),
    reopen: async (nonce, steps) => {
      const intent = await findIntent(sql, BigInt(nonce))
      if (intent?.status === 'FAILED') {
        // A refund that is gone is due again: the intent is back on the work list and the refund
        // pass sends it (the same bytes, or signed anew), as long as the escrow is still held.
        const gone = new Set(steps.filter((s) => s.startsWith('refund:')).map((s) => Number(s.split(':')[1])))
        const refunds = intent.refunds.map((r) =>
          gone.has(r.elementIndex) && r.status === 'COMPLETED' ? { chainId: r.chainId, elementIndex: r.elementIndex, status: 'PENDING' as const, reason: r.reason } : r,
        )
        await updateIntent(sql, nonce, { refunds })
        return 'FAILED'
      }
      if (intent?.status !== 'COMPLETED') return undefined
      const funding = (intent.signedIntentOp as WireIntentOp).elements[0]!.mandate.qualifier.settlementContext.fundingMethod as Funding
      let status: IntentStatus = intent.status
      for (const step of steps) status = transition(funding, status, { type: 'reorged', step })
      // The escrows and claims that are gone are pending again; the next pass sends them first.
      const gone = new Set(steps.filter((s) => s.startsWith('escrow:') || s.startsWith('claim:')).map((s) => Number(s.split(':')[1])))
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
    const then = head.number === seen.number ? head : await chain.client.getBlock({ blockNumber: seen.number }).catch(() => undefined)
    return then?.hash !== seen.hash
  }

  /** The filler's account nonce may have gone back: every dropped transaction of its, of any
   * intent, goes out again in nonce order (nonceGaps.ts), so none waits behind a gap. */
  private async refill(chain: FillerChain): Promise<void> {
    const { resent, filled } = await chain.refillNonces()
    if (resent + filled > 0) this.log('re-org dropped filler transactions; re-sent in nonce order', { chainId: chain.chainId, resent, filled })
  }

  private async reopenDropped(chain: FillerChain, reorged: boolean): Promise<string[]> {
    const toLook = [...this.watched].flatMap(([nonce, w]) => w.entries.filter((e) => e.chainId === chain.chainId && (reorged || !e.looked)).map((entry) => ({ nonce, entry })))
    const dropped = new Map<string, string[]>()
    await Promise.all(
      toLook.map(async ({ nonce, entry }) => {
        // A node that did not answer leaves the entry to the next look (a failed read is no re-org).
        let receipt: Awaited<ReturnType<typeof receiptOrNone>>
        try {
          receipt = await receiptOrNone(chain, entry.hash)
        } catch {
          return
        }
        // Mined again as a revert (a fill past its deadline) is as gone as not mined at all.
        if (receipt?.status === 'success') entry.looked = true
        else dropped.set(nonce, [...(dropped.get(nonce) ?? []), entry.step])
      }),
    )
    for (const [nonce, steps] of dropped) {
      // No longer watched: reopened, it is read from the cursor again once it is COMPLETED again.
      this.watched.delete(nonce)
      const status = await this.store.reopen(nonce, steps)
      if (status) this.log('re-org dropped a settled step; intent reopened', { id: nonce, chainId: chain.chainId, steps, status })
    }
    return [...dropped.keys()]
  }
}
