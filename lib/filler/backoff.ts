// Per-intent back-off: an intent that is waiting (for an attestation, a refund's time, an
// attester) or whose step failed transiently is left out of the next passes for a growing delay,
// so no set of stuck intents delays the others or floods the log.
export class Backoff {
  private readonly next = new Map<string, { at: number; delay: number }>()

  constructor(
    private readonly firstMs = 200,
    private readonly maxMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Puts the intent back for its next delay (doubling up to the maximum); the delay in ms. */
  wait(id: string): number {
    const prev = this.next.get(id)
    const delay = prev ? Math.min(prev.delay * 2, this.maxMs) : this.firstMs
    this.next.set(id, { at: this.now() + delay, delay })
    return delay
  }

  clear(id: string): void {
    this.next.delete(id)
  }

  /** Ids whose delay has not passed yet. */
  waiting(): string[] {
    const now = this.now()
    const ids: string[] = []
    for (const [id, { at }] of this.next) {
      if (at > now) ids.push(id)
    }
    return ids
  }
}
