// Finality after COMPLETED: the filler keeps an eye on every chain's head. When a chain re-orgs (the
// block it last saw is gone or different), each transaction it journaled there for an intent that
// became COMPLETED in the last FINALITY_WATCH_SECONDS is looked up again; an intent whose step is no
// longer on chain is reopened at the status before that step (intentMachine's `reorged`), so the
// status says what is true, and the scheduler sends the journaled bytes again (or signs the step
// anew if they can no longer be mined) and brings it back to COMPLETED.
import type { Hex } from 'viem'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import { findIntent, type IntentStatus, updateIntent } from '../storage/intentStore'
import { recentlyCompletedJournal } from '../storage/journalStore'
import type { Sql } from '../storage/sql'
import type { FillerChain } from './fillerChains'
import { type Funding, transition } from './intentMachine'

/** How long after COMPLETED an intent's transactions are watched for re-orgs. */
export const FINALITY_WATCH_SECONDS = 900

export class FinalityWatch {
  private readonly heads = new Map<number, { number: bigint; hash: Hex }>()
  /** Per chain, the journaled transactions of completed intents this watch has seen mined. */
  private readonly seen = new Map<number, Set<Hex>>()

  constructor(
    private readonly sql: Pick<Sql, 'query'>,
    private readonly chains: Map<number, FillerChain>,
    private readonly log: (event: string, fields: Record<string, unknown>) => void,
  ) {}

  /** One look at every chain; the intents reopened. A transaction is looked up the first time its
   * intent is seen COMPLETED, and again whenever the chain re-orgs: the head alone cannot tell a
   * step mined and rolled back between two looks (the chain returns to the head last seen). */
  async check(): Promise<string[]> {
    const reopened: string[] = []
    for (const chain of this.chains.values()) reopened.push(...(await this.reopenDropped(chain, await this.reorged(chain))))
    return reopened
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

  private async reopenDropped(chain: FillerChain, reorged: boolean): Promise<string[]> {
    const dropped = new Map<string, string[]>()
    const entries = await recentlyCompletedJournal(this.sql, chain.chainId, FINALITY_WATCH_SECONDS)
    const seen = this.seen.get(chain.chainId) ?? new Set<Hex>()
    // Only what is still watched is remembered.
    this.seen.set(chain.chainId, new Set(entries.filter((e) => seen.has(e.hash)).map((e) => e.hash)))
    const known = this.seen.get(chain.chainId)!
    for (const entry of entries) {
      if (!reorged && known.has(entry.hash)) continue
      const receipt = await chain.client.getTransactionReceipt({ hash: entry.hash }).catch(() => undefined)
      if (receipt) known.add(entry.hash)
      else {
        known.delete(entry.hash)
        dropped.set(entry.nonce, [...(dropped.get(entry.nonce) ?? []), entry.step])
      }
    }
    for (const [nonce, steps] of dropped) {
      const intent = await findIntent(this.sql, BigInt(nonce))
      if (intent?.status !== 'COMPLETED') continue
      const funding = (intent.signedIntentOp as WireIntentOp).elements[0]!.mandate.qualifier.settlementContext.fundingMethod as Funding
      let status: IntentStatus = intent.status
      for (const step of steps) status = transition(funding, status, { type: 'reorged', step })
      // The escrows and claims that are gone are pending again; the next pass sends them first.
      const gone = new Set(steps.filter((s) => s.startsWith('escrow:') || s.startsWith('claim:')).map((s) => Number(s.split(':')[1])))
      const claims = intent.claims.map((c) => (gone.has(c.elementIndex) ? { ...c, status: 'PENDING' as const } : c))
      await updateIntent(this.sql, nonce, { status, claims })
      this.log('re-org dropped a settled step; intent reopened', { id: nonce, chainId: chain.chainId, steps, status })
    }
    return [...dropped.keys()]
  }
}
