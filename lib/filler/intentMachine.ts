// The filler's state machine, pure: which status an intent moves to on each event, what a revert
// in simulation leads to, and when an intent must be final. The chain work around it is in
// the settlement handlers (settle/handlers.ts); this file holds the rules, tested without a chain.
// The diagram of every move it allows, per funding method, is rendered from `transition` into
// docs/settlement.md#the-state-diagram (stateDiagram.ts; a unit test fails when they differ).
import type { IntentStatus } from '../core/intent/intentRecords'

export type Funding = 'PERMIT2' | 'COMPACT' | 'NO_FUNDING'

export type MachineEvent =
  | { type: 'escrowed' }
  | { type: 'filled' }
  | { type: 'paid' }
  | { type: 'delivered' }
  | { type: 'executed' }
  | { type: 'failed' }
  | { type: 'reorged'; step: string }

export class IllegalTransitionError extends Error {}

const open: readonly IntentStatus[] = ['PENDING', 'CLAIMED', 'FILLED']

export function transition(funding: Funding, status: IntentStatus, event: MachineEvent): IntentStatus {
  const illegal = () => new IllegalTransitionError(`${funding}: no '${event.type}' from ${status}`)
  switch (event.type) {
    case 'escrowed':
      if (funding === 'PERMIT2' && status === 'PENDING') return 'CLAIMED'
      throw illegal()
    case 'filled':
      if ((funding === 'PERMIT2' && status === 'CLAIMED') || (funding === 'COMPACT' && status === 'PENDING'))
        return 'FILLED'
      throw illegal()
    case 'executed':
      if (funding === 'NO_FUNDING' && status === 'PENDING') return 'COMPLETED'
      throw illegal()
    case 'paid':
      if (funding !== 'NO_FUNDING' && status === 'FILLED') return 'COMPLETED'
      throw illegal()
    case 'delivered':
      if ((funding === 'PERMIT2' && status === 'CLAIMED') || (funding === 'COMPACT' && status === 'PENDING'))
        return 'COMPLETED'
      throw illegal()
    case 'failed':
      if (open.includes(status)) return 'FAILED'
      throw illegal()
    case 'reorged':
      if (status === 'FAILED') throw illegal()
      return earliest(status, statusBefore(funding, event.step))
  }
}

/** The status an intent is in while `step` (a journal step name) is not on chain. */
export function statusBefore(funding: Funding, step: string): IntentStatus {
  const kind = step.split(':')[0]
  if (kind === 'release' || kind === 'claim' || kind === 'destination-ops') return 'FILLED'
  if (kind === 'fill' || kind === 'deliver') return funding === 'PERMIT2' ? 'CLAIMED' : 'PENDING'
  return 'PENDING' // escrows, single-chain ops and the account's setup and pre-claim steps come first
}

const order: readonly IntentStatus[] = ['PENDING', 'CLAIMED', 'FILLED', 'COMPLETED']
const earliest = (a: IntentStatus, b: IntentStatus): IntentStatus => (order.indexOf(a) <= order.indexOf(b) ? a : b)

/** How many times a step's simulation may revert before the intent FAILS: a revert can come from a
 * state that is still settling (an approval or a deposit mined a block later), so it is retried a
 * bounded number of times, each after a back-off; a revert of a mined transaction is never retried. */
export const SIMULATION_ATTEMPTS = 3

export function afterSimulationRevert(attemptsSoFar: number): 'retry' | 'fail' {
  return attemptsSoFar + 1 < SIMULATION_ATTEMPTS ? 'retry' : 'fail'
}

/** Seconds after an intent's last useful moment by which it is final (COMPLETED or FAILED, with its
 * refunds recorded): the filler's passes, a receipt wait and a few retries fit in it. */
export const FINAL_MARGIN_SECONDS = 60n

/** When an intent must be in a final state: its expiry, or for escrowed funds the moment their
 * refund opens (fillDeadline + the arbiter's delay) if that is later, plus the margin. */
export function finalBy(p: { funding: Funding; fillDeadline: bigint; expires: bigint; refundDelay: bigint }): bigint {
  const refundOpens = p.funding === 'PERMIT2' ? p.fillDeadline + p.refundDelay : 0n
  return (p.expires > refundOpens ? p.expires : refundOpens) + FINAL_MARGIN_SECONDS
}
