// Which intents the filler works on, and when: up to `concurrency` at once, oldest first, each in a
// task of its own, so a slow or stuck intent holds one slot and nothing else. An intent that waits
// (for time, an attester) or failed transiently backs off on its own (Backoff); one waiting for its
// fill's attestation is woken as soon as the attestation is stored; one whose simulation reverted
// is tried again after its back-off until SIMULATION_ATTEMPTS, then FAILED (the settlement driver decides and
// keeps the count with the intent in the database, so a restart does not reset it).
// When a task ends the loop is woken at once, so the next intent starts without a poll delay.
import type { StoredIntent } from '../storage/intentStore'
import { Backoff } from './backoff'
import type { SettleOutcome } from './settleContext'

export type SchedulerOptions = {
  concurrency: number
  /** Open intents, oldest first, at most `limit`, none of `skip` (the filler claims them, so two
   * filler processes never work on one intent at once). */
  openIntents: (limit: number, skip: string[]) => Promise<StoredIntent[]>
  /** Of these nonces, those whose fill has an attestation now. */
  attested: (nonces: string[]) => Promise<Set<string>>
  settle: (intent: StoredIntent) => Promise<SettleOutcome>
  /** An intent is final: nothing more to do for it (its claim can be given back). */
  finished?: (id: string) => void
  /** A task ended: the loop should look for work again now. */
  wake: () => void
  warn: (fields: Record<string, unknown>, message: string) => void
  backoff?: Backoff
}

export class Scheduler {
  private readonly running = new Map<string, Promise<void>>()
  private readonly awaitingAttestation = new Set<string>()
  private readonly backoff: Backoff

  constructor(private readonly o: SchedulerOptions) {
    this.backoff = o.backoff ?? new Backoff()
  }

  /** Wakes intents whose attestation arrived, then starts tasks for free slots. */
  async tick(): Promise<void> {
    if (this.awaitingAttestation.size > 0) {
      for (const id of await this.o.attested([...this.awaitingAttestation])) {
        this.awaitingAttestation.delete(id)
        this.backoff.clear(id)
      }
    }
    const free = this.o.concurrency - this.running.size
    if (free <= 0) return
    for (const intent of await this.o.openIntents(free, [...this.backoff.waiting(), ...this.running.keys()]))
      this.start(intent)
  }

  /** Settles once every running task ended. */
  async idle(): Promise<void> {
    await Promise.all(this.running.values())
  }

  get busy(): number {
    return this.running.size
  }

  private start(intent: StoredIntent): void {
    const id = intent.nonce
    const task = (async () => {
      try {
        const outcome = await this.o.settle(intent)
        if (outcome === 'final') {
          this.backoff.clear(id)
          this.awaitingAttestation.delete(id)
          this.o.finished?.(id)
          return
        }
        if (outcome === 'attestation') this.awaitingAttestation.add(id)
        this.backoff.wait(id)
      } catch (error) {
        // Transient (a node or the database did not answer): this intent backs off, the others go on.
        const delay = this.backoff.wait(id)
        this.o.warn(
          { id, retryInMs: delay, error: error instanceof Error ? error.message.split('\n')[0] : String(error) },
          'settlement step failed; retrying',
        )
      } finally {
        this.running.delete(id)
        this.o.wake()
      }
    })()
    this.running.set(id, task)
  }
}
