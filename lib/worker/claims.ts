// A filler process's claims on intents (lib/storage/intentClaims.ts), as the process sees them:
// each valid locally only until the moment the database's claim could have lapsed, counted from
// before the claim or renewal was asked for; renewed once a third of the claim has passed.
// `fence(intent)` is what every send for an intent passes (sendBatch.ts): a process whose claim
// may have gone to another signs nothing more for that intent before the other can start.
import { type Claimant, claimIntents, releaseClaims, renewClaims } from '../storage/intentClaims'
import type { StoredIntent } from '../storage/intentStore'
import type { Sql } from '../storage/sql'

export class ClaimLostError extends Error {}

export class IntentClaims {
  /** Nonce → local time until which the claim surely holds. */
  private readonly validUntil = new Map<string, number>()

  constructor(
    private readonly sql: Pick<Sql, 'query'>,
    readonly who: Claimant,
    readonly ms: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Claims up to `limit` more open intents, none of `skip`. */
  async take(limit: number, skip: readonly string[]): Promise<StoredIntent[]> {
    const asked = this.now()
    const taken = await claimIntents(this.sql, this.who, { limit, ms: this.ms, skip })
    for (const intent of taken) this.validUntil.set(intent.nonce, asked + this.ms)
    return taken
  }

  /** Renews every claim a third of whose time has passed; a claim the database no longer gives
   * this process (taken over, or the intent is final) is dropped. */
  async renew(): Promise<void> {
    const due = [...this.validUntil].filter(([, until]) => until - this.now() < (this.ms * 2) / 3).map(([n]) => n)
    if (due.length === 0) return
    const asked = this.now()
    const held = await renewClaims(this.sql, this.who.holder, due, this.ms)
    for (const nonce of due) {
      if (held.has(nonce)) this.validUntil.set(nonce, asked + this.ms)
      else this.validUntil.delete(nonce)
    }
  }

  /** Gives claims back (their intents are final, or this process stops). */
  async release(nonces: readonly string[]): Promise<void> {
    for (const nonce of nonces) this.validUntil.delete(nonce)
    await releaseClaims(this.sql, this.who.holder, nonces)
  }

  held(nonce: string, marginMs = 0): boolean {
    return this.now() + marginMs < (this.validUntil.get(nonce) ?? 0)
  }

  /** The intents this process holds a claim on. */
  get nonces(): string[] {
    return [...this.validUntil.keys()]
  }

  /** Throws unless this process's claim on the intent holds for at least `marginMs` more. */
  fence(nonce: string, marginMs = 2_000): void {
    if (!this.held(nonce, marginMs)) throw new ClaimLostError(`intent ${nonce} is not claimed by ${this.who.holder}`)
  }
}
