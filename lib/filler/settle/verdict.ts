// What one settlement handler decided (lib/filler/settle/handlers.ts): an event for the state
// machine with what else changed, the intent failed (with whether escrows are to be refunded), a
// simulation reverted (tried again after a back-off), or nothing to do until later. The driver
// (settle.ts) writes it; a handler itself writes nothing but its journaled steps.
import type { IntentUpdate } from '../../storage/intentStore'
import type { MachineEvent } from '../intentMachine'
import { StepRevertedError } from '../sendStep'

/** The events a handler moves an intent forward with (`failed` and `reorged` are not its to send). */
export type ForwardEvent = Exclude<MachineEvent, { type: 'failed' } | { type: 'reorged' }>

/** `refundable`: what the escrows hold goes back to the sponsor (escrow with refund). `update`:
 * what changed before the verdict (claims an escrow or a claim completed), written with it. */
export type Verdict =
  | { kind: 'advance'; event: ForwardEvent; update?: IntentUpdate; log?: LogLine }
  | { kind: 'fail'; reason: string; refundable?: boolean; update?: IntentUpdate }
  | { kind: 'revert'; reason: string; refundable?: boolean; update?: IntentUpdate }
  | { kind: 'wait'; outcome: 'waiting' | 'attestation'; update?: undefined }
  /** A step failed transiently (a node not answering) after others went through: what changed is
   * written, then the error ends the pass (or, past the intent's deadlines, the intent). */
  | { kind: 'transient'; error: unknown; update?: IntentUpdate }

/** A line the driver logs once the verdict is written (a crash between the two leaves no claim in
 * the log that the database does not hold). */
export type LogLine = { event: string; fields: Record<string, unknown> }

type Options = { refundable?: boolean; update?: IntentUpdate }

export const advance = (type: ForwardEvent['type'], update?: IntentUpdate, log?: LogLine): Verdict => ({
  kind: 'advance',
  event: { type } as ForwardEvent,
  ...(update ? { update } : {}),
  ...(log ? { log } : {}),
})

export const failed = (reason: string, options: Options = {}): Extract<Verdict, { kind: 'fail' }> => ({
  kind: 'fail',
  reason,
  ...options,
})

export const reverted = (reason: string, options: Options = {}): Verdict => ({ kind: 'revert', reason, ...options })

export const wait = (outcome: 'waiting' | 'attestation'): Verdict => ({ kind: 'wait', outcome })

/** A step threw: a revert (simulated: tried again; mined: final) ends in a verdict; anything else
 * is transient (the pass ends once `update` is written; the next one takes the intent up from the
 * journal). */
export function stepVerdict(error: unknown, reason: (message: string) => string, options: Options = {}): Verdict {
  if (!(error instanceof StepRevertedError))
    return { kind: 'transient', error, ...(options.update ? { update: options.update } : {}) }
  return error.simulated ? reverted(reason(error.message), options) : failed(reason(error.message), options)
}
