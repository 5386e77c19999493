// A submitted intent as the page tells it: Submitted → Claimed on each source chain → Delivered on
// the destination → Completed (or Failed, with the reason in words and what to do), when to poll
// again, and the one-word status the history shows next to a route.
import { type Address, isAddressEqual } from 'viem'
import type { IntentStatusResponse } from '../../api/intentOperation'
import { addresses } from '../../core/addresses'
import { chainName } from '../shared/tokenAmount'

export type IntentStatus = IntentStatusResponse['status']
export type StepState = 'done' | 'active' | 'waiting' | 'failed'

export type TimelineStep = {
  key: string
  kind: 'submitted' | 'setup' | 'preClaim' | 'ownOps' | 'bridge' | 'claim' | 'fill' | 'calls' | 'final' | 'refund'
  title: string
  state: StepState
  /** Words for the state, for readers who do not see the colour: "Done", "In progress", … */
  stateLabel: string
  chainId?: number
  /** Unix seconds (chain time) or an ISO time from the service. */
  time?: Date
  hash?: `0x${string}`
  /** Why it happened, in the service's words (a refund's reason). */
  detail?: string
}

/** A refund of claimed funds, as the status reports it once the service returns what it could not deliver. */
export type IntentRefund = {
  chainId: number
  status: 'PENDING' | 'COMPLETED'
  transactionHash?: `0x${string}`
  timestamp?: number
  reason: string
}

/** The status's refunds, when the service reports any (older services do not). */
export function intentRefunds(intent: IntentStatusResponse): IntentRefund[] {
  const refunds = (intent as { refunds?: unknown }).refunds
  return Array.isArray(refunds) ? (refunds as IntentRefund[]) : []
}

const finalStatuses: ReadonlySet<IntentStatus> = new Set(['COMPLETED', 'FAILED'])

export function isFinalStatus(status: IntentStatus | undefined): boolean {
  return status !== undefined && finalStatuses.has(status)
}

const stateLabels: Record<StepState, string> = {
  done: 'Done',
  active: 'In progress',
  waiting: 'Waiting',
  failed: 'Failed',
}

const fromSeconds = (s: number): Date => new Date(s * 1000)

/** What the route says of how it settles, when the page has it (the status alone says it once the
 * ops ran): `ownOps`, the chains where the account's own signed ops run through the intent executor
 * (a route settled INTENT_EXECUTOR / NO_FUNDING with the intent executor as its arbiter: an OFT send,
 * or ops on one chain); `bridge`, the bridge that carries what they sent to the destination. */
export type RouteShape = { ownOps: readonly number[]; bridge?: 'OFT' | undefined }

type ShapedElement = {
  chainId: string | number
  arbiter: string
  mandate: {
    qualifier: {
      settlementContext: { settlementLayer: string; fundingMethod: string; bridgeFill?: { type: 'OFT' } | undefined }
    }
  }
}

/** The shape of a route from its elements: the account's own ops when every element is run by the
 * intent executor as its arbiter. (An account's own escrow is INTENT_EXECUTOR / NO_FUNDING on the
 * wire too, but names the layers' arbiters: its escrows are the claims, as for Permit2.) */
export function routeShape(elements: readonly ShapedElement[]): RouteShape | undefined {
  const own = (e: ShapedElement) => {
    const c = e.mandate.qualifier.settlementContext
    return (
      c.settlementLayer === 'INTENT_EXECUTOR' &&
      c.fundingMethod === 'NO_FUNDING' &&
      isAddressEqual(e.arbiter as Address, addresses.intentExecutor)
    )
  }
  if (elements.length === 0 || !elements.every(own)) return undefined
  return {
    ownOps: [...new Set(elements.map((e) => Number(e.chainId)))],
    ...(elements.some((e) => e.mandate.qualifier.settlementContext.bridgeFill?.type === 'OFT')
      ? { bridge: 'OFT' as const }
      : {}),
  }
}

export function intentTimeline(intent: IntentStatusResponse, shape?: RouteShape): TimelineStep[] {
  const failed = intent.status === 'FAILED'
  const step = (s: Omit<TimelineStep, 'stateLabel'>): TimelineStep => ({ ...s, stateLabel: stateLabels[s.state] })
  const steps: TimelineStep[] = [
    step({
      key: 'submitted',
      kind: 'submitted',
      title: 'Submitted',
      state: 'done',
      time: new Date(intent.submittedAt),
    }),
  ]

  // A smart account's own transactions: its setup (deployment or EIP-7702 delegation) and pre-claim
  // operations before anything is claimed, the calls on arrival after the fill.
  const operations = intent.accountOperations ?? []
  const reason = intent.failureReason ?? ''
  operations.forEach((o, i) => {
    // The calls on arrival come after the fill; single-chain ops are the fill itself.
    if (o.kind === 'destinationCalls' || o.kind === 'singleChainOps') return
    const name = chainName(o.chainId)
    const broke =
      failed &&
      (o.kind === 'setup' ? /setupOps on chain/.test(reason) : /pre-claim operations on chain/.test(reason)) &&
      reason.includes(`chain ${o.chainId} `)
    const title =
      o.kind === 'setup'
        ? broke
          ? `Account not set up on ${name}`
          : `Account set up on ${name}`
        : broke
          ? `Pre-claim operations failed on ${name}`
          : `Pre-claim operations ran on ${name}`
    const detail =
      o.kind === 'setup'
        ? 'Its setupOps: the deployment at its address, or the EIP-7702 delegation and initialisation.'
        : undefined
    steps.push(
      step({
        key: `${o.kind}-${i}`,
        kind: o.kind,
        title,
        state: broke ? 'failed' : 'done',
        chainId: o.chainId,
        hash: o.transactionHash,
        ...(detail ? { detail } : {}),
      }),
    )
  })

  // The account's own ops (single-chain ops through the intent executor) are not claims: nothing is
  // escrowed or claimed, the ops move the funds themselves — and, across chains, a bridge carries them.
  // Without the route, ops that ran where no claim completed are the account's own (an escrow's ops
  // complete their chain's claim).
  const ran = operations.filter(
    (o) =>
      o.kind === 'singleChainOps' &&
      (shape
        ? shape.ownOps.includes(o.chainId)
        : !intent.claims.some((c) => c.chainId === o.chainId && c.status === 'COMPLETED')),
  )
  const ownOps = [...new Set([...(shape?.ownOps ?? []), ...ran.map((o) => o.chainId)])]
  const bridged =
    shape?.bridge === 'OFT' || (shape === undefined && ran.some((o) => o.chainId !== intent.destinationChainId))
  const destination = chainName(intent.destinationChainId)
  const filled = intent.status === 'FILLED' || intent.status === 'COMPLETED' || intent.fillTransactionHash !== undefined
  ownOps.forEach((chainId, i) => {
    const op = ran.find((o) => o.chainId === chainId)
    const name = chainName(chainId)
    const state: StepState = op ? 'done' : failed ? 'failed' : i === 0 || ran.length > 0 ? 'active' : 'waiting'
    const sends = bridged && chainId !== intent.destinationChainId
    const title = sends
      ? state === 'done'
        ? `Sent from ${name} by your account`
        : state === 'failed'
          ? `Not sent from ${name}`
          : `Sending from ${name}`
      : state === 'done'
        ? `Your account's operations ran on ${name}`
        : state === 'failed'
          ? `Your account's operations did not run on ${name}`
          : `Running your account's operations on ${name}`
    const detail = sends
      ? "The intent executor ran the account's signed operations: its LayerZero OFT send."
      : "The intent executor ran the account's signed operations (SingleChainOps)."
    steps.push(
      step({
        key: `ownOps-${chainId}`,
        kind: 'ownOps',
        title,
        state,
        chainId,
        detail,
        ...(op ? { hash: op.transactionHash } : {}),
      }),
    )
  })
  if (bridged && ownOps.length > 0) {
    const state: StepState = filled ? 'done' : failed ? 'failed' : ran.length > 0 ? 'active' : 'waiting'
    steps.push(
      step({
        key: 'bridge',
        kind: 'bridge',
        title:
          state === 'done'
            ? `Carried to ${destination} over LayerZero`
            : state === 'failed'
              ? `Not carried to ${destination}`
              : `Crossing to ${destination} over LayerZero`,
        state,
        detail: `The OFT adapter on ${destination} credits the recipient once LayerZero delivers the packet.`,
      }),
    )
  }
  const claims = intent.claims.filter((c) => !ownOps.includes(c.chainId))

  const claimsDone = claims.every((c) => c.status === 'COMPLETED') && ran.length >= ownOps.length
  const firstOpen = claims.findIndex((c) => c.status === 'PENDING')
  claims.forEach((c, i) => {
    const name = chainName(c.chainId)
    const state: StepState =
      c.status === 'COMPLETED'
        ? 'done'
        : c.status === 'FAILED'
          ? 'failed'
          : failed
            ? 'failed'
            : i === firstOpen
              ? 'active'
              : 'waiting'
    const title =
      state === 'done' ? `Claimed on ${name}` : state === 'failed' ? `Not claimed on ${name}` : `Claiming on ${name}`
    steps.push(
      step({
        key: `claim-${i}`,
        kind: 'claim',
        title,
        state,
        chainId: c.chainId,
        ...(c.claimTimestamp !== undefined ? { time: fromSeconds(c.claimTimestamp) } : {}),
        ...(c.claimTransactionHash ? { hash: c.claimTransactionHash } : {}),
      }),
    )
  })

  const fillState: StepState = filled
    ? 'done'
    : failed
      ? 'failed'
      : claimsDone && intent.status !== 'PENDING'
        ? 'active'
        : 'waiting'
  steps.push(
    step({
      key: 'fill',
      kind: 'fill',
      title:
        fillState === 'done'
          ? `Delivered on ${destination}${bridged ? ' by the OFT adapter' : ''}`
          : fillState === 'failed'
            ? `Not delivered on ${destination}`
            : `Delivering on ${destination}`,
      state: fillState,
      chainId: intent.destinationChainId,
      ...(intent.fillTimestamp !== undefined ? { time: fromSeconds(intent.fillTimestamp) } : {}),
      ...(intent.fillTransactionHash ? { hash: intent.fillTransactionHash } : {}),
    }),
  )

  const calls = operations.find((o) => o.kind === 'destinationCalls')
  if (calls) {
    const broke = failed && /destination calls/.test(reason)
    const state: StepState = broke ? 'failed' : intent.status === 'COMPLETED' ? 'done' : 'active'
    const title = broke
      ? `Calls failed on ${destination}`
      : state === 'done'
        ? `Calls ran on ${destination}`
        : `Running the calls on ${destination}`
    steps.push(step({ key: 'calls', kind: 'calls', title, state, chainId: calls.chainId, hash: calls.transactionHash }))
  }

  intentRefunds(intent).forEach((r, i) => {
    const name = chainName(r.chainId)
    const done = r.status === 'COMPLETED'
    steps.push(
      step({
        key: `refund-${i}`,
        kind: 'refund',
        title: done ? `Refunded on ${name}` : `Refunding on ${name}`,
        state: done ? 'done' : 'active',
        chainId: r.chainId,
        detail: r.reason,
        ...(r.timestamp !== undefined ? { time: fromSeconds(r.timestamp) } : {}),
        ...(r.transactionHash ? { hash: r.transactionHash } : {}),
      }),
    )
  })

  const finalState: StepState =
    intent.status === 'COMPLETED' ? 'done' : failed ? 'failed' : intent.status === 'FILLED' ? 'active' : 'waiting'
  steps.push(
    step({
      key: 'final',
      kind: 'final',
      title: failed ? 'Failed' : 'Completed',
      state: finalState,
      ...(isFinalStatus(intent.status) ? { time: new Date(intent.updatedAt) } : {}),
    }),
  )
  return steps
}

/** One line for the whole intent, announced as it changes. */
export function intentHeadline(intent: IntentStatusResponse): string {
  const destination = chainName(intent.destinationChainId)
  switch (intent.status) {
    case 'PENDING':
      return 'Submitted: waiting for the filler to claim the funds.'
    case 'CLAIMED':
      return `Claimed: the funds are being delivered on ${destination}.`
    case 'FILLED':
      return `Delivered on ${destination}: finishing up.`
    case 'COMPLETED':
      return `Completed: the tokens arrived on ${destination}.`
    case 'FAILED':
      return 'Failed: this route was not settled.'
  }
}

export type FailureAdvice = { title: string; detail: string; action: string }

/** A failed intent in words: what happened (the filler's own reason) and what to do next. */
export function describeIntentFailure(
  intent: Pick<IntentStatusResponse, 'failureReason' | 'expired' | 'claims'>,
): FailureAdvice {
  const reason = intent.failureReason?.trim()
  const claimed = intent.claims.some((c) => c.status === 'COMPLETED')
  const action = 'Request a new route for the same tokens, sign it and submit it again.'
  if (intent.expired || reason?.startsWith('expired')) {
    return {
      title: 'The route expired before it was delivered',
      detail: `It was not filled before its deadline${claimed ? '' : ', and none of your funds were claimed'}.${reason ? ` (${reason})` : ''}`,
      action,
    }
  }
  return {
    title: claimed ? 'The route failed after some funds were claimed' : 'The route could not be settled',
    detail: reason ? `${capitalise(reason.replace(/\.$/, ''))}.` : 'The service gave no reason.',
    action: claimed ? `${action} If funds were claimed but not delivered, contact support with the intent id.` : action,
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The status in one or two words, for the history list. */
export function intentStatusLabel(status: IntentStatus): string {
  switch (status) {
    case 'PENDING':
      return 'Submitted'
    case 'CLAIMED':
      return 'Claimed'
    case 'FILLED':
      return 'Delivered'
    case 'COMPLETED':
      return 'Completed'
    case 'FAILED':
      return 'Failed'
  }
}

export const pollIntervalMs = 1_000
export const maxBackoffMs = 30_000

/**
 * How long until the status is read again: never once it is final or the service refused the read
 * for good (a 4xx other than 429); every second while it moves; doubling (to 30 s) after errors.
 */
export function intentPollInterval(
  status: IntentStatus | undefined,
  consecutiveErrors: number,
  errorStatus?: number,
): number | false {
  if (isFinalStatus(status)) return false
  if (errorStatus !== undefined && errorStatus >= 400 && errorStatus < 500 && errorStatus !== 429) return false
  if (consecutiveErrors <= 0) return pollIntervalMs
  return Math.min(maxBackoffMs, pollIntervalMs * 2 ** consecutiveErrors)
}

/** Nonce → status, for the history list (an intent's id is its route's nonce). */
export function intentStatusByNonce(
  intents: readonly Pick<IntentStatusResponse, 'id' | 'status'>[],
): Map<string, IntentStatus> {
  return new Map(intents.map((i) => [i.id, i.status]))
}
