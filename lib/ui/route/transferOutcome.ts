// A submitted transfer as the card tells it: settling in plain words (sent, delivered, settled), then
// Completed (how long it took, the delivery) or Failed (why, in words a reader can act on, and what
// happened to the funds). Never the service's raw text: that stays in the inspector's timeline.
import type { IntentStatusResponse } from '../../api/intentOperation'
import { chainName } from '../shared/tokenAmount'
import { intentRefunds } from './intentTimeline'
import type { SettlingStep, TransferAction, TransferOutcome, TransferState } from './transferTypes'

/** Once submitted: settling, then Completed or Failed, read from the intent's status. */
type Status = IntentStatusResponse['status']

export function settledState(status: Status | undefined, intent: IntentStatusResponse | undefined): TransferState {
  const steps = intent ? settlingSteps(intent) : [{ key: 'sent', label: 'Sending', state: 'active' as const }]
  const newTransfer: TransferAction = { kind: 'new-transfer', label: 'New transfer', enabled: true }
  if (status === 'COMPLETED') {
    const arrived = intent ? arrivedInSeconds(intent) : undefined
    const delivery = intent?.fillTransactionHash
      ? { chainId: intent.destinationChainId, hash: intent.fillTransactionHash }
      : undefined
    const outcome: TransferOutcome = {
      ...(arrived !== undefined ? { arrivedInSeconds: arrived } : {}),
      ...(delivery ? { delivery } : {}),
    }
    const detail = arrived !== undefined ? `Arrived in ${formatSeconds(arrived)}` : 'Arrived'
    return { stage: 'completed', title: 'Completed', detail, showQuote: false, steps, outcome, action: newTransfer }
  }
  if (status === 'FAILED') {
    const outcome = intent ? failedOutcome(intent) : {}
    const detail = plainFailureReason(intent?.failureReason, intent?.expired)
    return {
      stage: 'failed',
      title: intent?.expired ? 'Expired before delivery' : 'Failed',
      detail,
      showQuote: false,
      steps,
      outcome,
      action: newTransfer,
    }
  }
  const to = intent ? chainName(intent.destinationChainId) : 'the destination'
  return { stage: 'settling', title: 'On its way', detail: `Being delivered on ${to}.`, showQuote: false, steps }
}

/** Sent → delivered on the destination → settled, in plain words. */
export function settlingSteps(intent: IntentStatusResponse): SettlingStep[] {
  const to = chainName(intent.destinationChainId)
  const failed = intent.status === 'FAILED'
  const delivered =
    intent.fillTransactionHash !== undefined || intent.status === 'FILLED' || intent.status === 'COMPLETED'
  const done = intent.status === 'COMPLETED'
  return [
    { key: 'sent', label: 'Sent', state: 'done' },
    {
      key: 'deliver',
      label: delivered ? `Delivered on ${to}` : failed ? `Not delivered on ${to}` : `Delivering on ${to}`,
      state: delivered ? 'done' : failed ? 'failed' : 'active',
    },
    {
      key: 'settle',
      label: done ? 'Settled' : failed ? 'Not settled' : 'Settling',
      state: done ? 'done' : failed ? 'failed' : delivered ? 'active' : 'waiting',
    },
  ]
}

/** Submission to delivery, to a tenth of a second: the fill's block time, or — when that block's
 * whole-second time says less than a second (or there is none) — when the service saw it complete. */
export function arrivedInSeconds(
  intent: Pick<IntentStatusResponse, 'submittedAt' | 'fillTimestamp' | 'updatedAt'>,
): number | undefined {
  const start = Date.parse(intent.submittedAt)
  const done = Date.parse(intent.updatedAt)
  const filled = intent.fillTimestamp !== undefined ? intent.fillTimestamp * 1000 : undefined
  const end = filled !== undefined && filled - start >= 1000 ? filled : done
  if (!Number.isFinite(start) || !Number.isFinite(end)) return undefined
  return Math.max(0, Math.round((end - start) / 100) / 10)
}

export function formatSeconds(seconds: number): string {
  return seconds < 90 ? `${seconds.toFixed(1).replace(/\.0$/, '')} s` : `${Math.round(seconds / 60)} min`
}

/** Why a transfer failed, for a reader: the service's reason mapped to words; never library text. */
export function plainFailureReason(reason: string | undefined, expired?: boolean): string {
  const r = reason?.toLowerCase() ?? ''
  if (expired || r.startsWith('expired')) return 'It was not delivered before its deadline.'
  // The tokens arrived, and what came after them did not: said so, never "not delivered".
  if (/^delivered, but the destination calls?/.test(r))
    return 'The tokens arrived, but the call on arrival failed: they are in the account on the destination.'
  if (r.startsWith('delivered, but')) return 'The tokens arrived, but the settlement behind them did not complete.'
  if (/destination calls?/.test(r)) return 'A call on arrival would fail, so the transfer was not delivered.'
  if (/setupops|set up|setup/.test(r)) {
    // The filler names the chain ("its setupOps on chain 10 …"): a source chain as often as the destination.
    const chainId = /on chain (\d+)/.exec(r)?.[1]
    return `Your account could not be set up on ${chainId ? chainName(Number(chainId)) : 'a chain of the route'}.`
  }
  if (/pre-claim/.test(r)) return 'Your account’s own operations failed before the funds were taken.'
  if (/insufficient|balance|allowance|nonce/.test(r))
    return 'Your funds or approval changed before the transfer could draw them.'
  if (/escrow/.test(r)) return 'Your funds could not be drawn on the source chain.'
  return 'The transfer could not be settled.'
}

/** What happened to the account's funds after a failure: nothing taken, refunded, or on its way back. */
export function failedOutcome(intent: IntentStatusResponse): TransferOutcome {
  const refunds = intentRefunds(intent)
  const sent = refunds.find((r) => r.status === 'COMPLETED' && r.transactionHash)
  if (sent?.transactionHash) {
    const where = [...new Set(refunds.map((r) => chainName(r.chainId)))].join(', ')
    return { funds: `Refunded on ${where}.`, refund: { chainId: sent.chainId, hash: sent.transactionHash } }
  }
  if (refunds.length > 0) {
    const where = [...new Set(refunds.map((r) => chainName(r.chainId)))].join(', ')
    return { funds: `Being refunded on ${where}: the funds return once the deadline has passed (about 5 minutes).` }
  }
  const claimed = intent.claims.filter((c) => c.status === 'COMPLETED').map((c) => chainName(c.chainId))
  if (claimed.length === 0) return { funds: 'Nothing was taken from your account.' }
  return {
    funds: `Funds were taken on ${claimed.join(', ')} and not returned: contact support with the id ${intent.id}.`,
  }
}
