// A process's hold on a named lease (leaseStore), as the process sees it: renewed well before it
// lapses, and valid locally only until the moment the database's lease could have lapsed, counted
// from before the renewal was asked for. `fence()` is what every send passes: a process whose lease
// may have gone to another stops sending before the other can start, so two fillers never both send.

import { holdLease, releaseLease } from '../storage/leaseStore'
import type { Sql } from '../storage/sql'

export class LeaseLostError extends Error {}

export class Lease {
  private validUntil = 0

  constructor(
    private readonly sql: Pick<Sql, 'query'>,
    readonly name: string,
    readonly holder: string,
    readonly ms: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes or renews the lease once a third of it has passed; whether this process holds it. */
  async renew(): Promise<boolean> {
    if (this.held(this.ms * (2 / 3))) return true
    const asked = this.now()
    const ok = await holdLease(this.sql, this.name, this.holder, this.ms)
    this.validUntil = ok ? asked + this.ms : 0
    return ok
  }

  /** Held for at least `marginMs` more (by this process's clock). */
  held(marginMs = 0): boolean {
    return this.now() + marginMs < this.validUntil
  }

  /** Throws unless the lease is held for at least `marginMs` more. */
  fence(marginMs = 1_000): void {
    if (!this.held(marginMs)) throw new LeaseLostError(`the ${this.name} lease is not held by ${this.holder}`)
  }

  async release(): Promise<void> {
    this.validUntil = 0
    await releaseLease(this.sql, this.name, this.holder)
  }
}
