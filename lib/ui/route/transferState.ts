// The transfer card's one state, and the only thing the card renders: quoting → ready (each
// requirement: approve, wrap, sign N authorizations; then sign; then submit) → settling (steps in
// plain words) → Completed, Failed or Expired. Every error of a step is part of the state, so it is
// shown on the card, and each state carries only what is true in it: nothing of a quote survives
// once the transfer is submitted, nothing of the settlement before.
import type { IntentStatusResponse } from '../../api/intentOperation'
import type { RequirementStep } from './requirementSteps'
import { requirementLabel } from './requirementSteps'
import type { RoutePhase } from './routePhase'
import { settledState } from './transferOutcome'
import type { TransferAction, TransferState } from './transferTypes'

export type {
  SettlingStep,
  TransferAction,
  TransferActionKind,
  TransferOutcome,
  TransferStage,
  TransferState,
} from './transferTypes'

/** Before there is a route: what the builder knows about the ask. */
export type QuoteInput =
  | { kind: 'idle'; hint: string }
  | { kind: 'nothing-to-move'; message: string }
  | { kind: 'cannot-settle'; title: string; message: string; alternative: string }
  | { kind: 'quoting' }
  | { kind: 'failed'; title: string; detail: string; canRetry: boolean }

export function quoteState(input: QuoteInput): TransferState {
  const base = { showQuote: false, steps: [] }
  switch (input.kind) {
    case 'idle':
      return { ...base, stage: 'idle', title: 'Enter an amount', detail: input.hint }
    case 'nothing-to-move':
      return { ...base, stage: 'nothing-to-move', title: 'Already there, nothing to move', detail: input.message }
    case 'cannot-settle': {
      const action: TransferAction = { kind: 'alternative', label: input.alternative, enabled: true }
      return { ...base, stage: 'cannot-settle', title: input.title, detail: input.message, action }
    }
    case 'quoting':
      return { ...base, stage: 'quoting', title: 'Finding the best route…', detail: words.quoting }
    case 'failed':
      return {
        ...base,
        stage: 'quote-failed',
        title: input.title,
        detail: input.detail,
        ...(input.canRetry ? { action: { kind: 'requote', label: 'Try again', enabled: true } } : {}),
      }
  }
}

export type RouteTransferInput = {
  phase: RoutePhase
  /** A new quote is on its way (the form changed, or the deadline nears). */
  quoting: boolean
  requirements: readonly RequirementStep[]
  /** EIP-7702 authorizations the route needs signed before it is submitted. */
  authorizations: { needed: number; signed: boolean; failure?: string | undefined }
  /** Why this wallet cannot act (not connected, not the sponsor). */
  walletBlocker: string | undefined
  /** A wallet transaction, signature or submission under way: the button waits. */
  busy: boolean
  /** The last step's failure in words, if it failed. */
  stepError: string | undefined
  /** The submission's failure in words (the route stays signed: Submit again). */
  submitError: string | undefined
  /** The service refused the route itself (changed, expired, unsettleable): only a new quote helps. */
  submitRefused?: boolean
  intent: IntentStatusResponse | undefined
  canRequote: boolean
}

export function transferState(input: RouteTransferInput): TransferState {
  const { phase, canRequote } = input
  const requote = (label: string): TransferAction | undefined =>
    canRequote ? { kind: 'requote', label, enabled: !input.busy } : undefined
  const withAction = (s: Omit<TransferState, 'action'>, action: TransferAction | undefined): TransferState =>
    action ? { ...s, action } : s

  if (phase.kind === 'submitted') return settledState(phase.status, input.intent)
  if (input.quoting) return quoteState({ kind: 'quoting' })
  if (phase.kind === 'outdated') {
    return withAction(
      { stage: 'outdated', title: 'The request changed', detail: phase.reason, showQuote: false, steps: [] },
      requote('Get a new quote'),
    )
  }
  if (phase.kind === 'expired') {
    const detail = 'The quote passed its deadline before it was submitted: nothing moved.'
    return withAction(
      { stage: 'expired', title: 'Expired', detail, showQuote: false, steps: [] },
      requote('Get a new quote'),
    )
  }
  const ready = { showQuote: true, steps: [], ...(input.stepError ? { error: input.stepError } : {}) }
  const enabled = !input.busy && input.walletBlocker === undefined
  const blocked = (detail: string) => input.walletBlocker ?? detail
  const step = input.requirements[0]
  if (phase.kind === 'requirements' && step) {
    const detail = step.kind === 'approval' ? words.approval : words.wrap
    const n = input.requirements.length
    const title = n === 1 ? 'One step before signing' : `${n} steps before signing`
    return {
      ...ready,
      stage: 'requirement',
      title,
      detail: blocked(detail),
      action: { kind: 'requirement', label: requirementLabel(step), enabled },
    }
  }
  const { needed, signed } = input.authorizations
  if (needed > 0 && !signed) {
    const what = needed === 1 ? 'authorization' : `${needed} authorizations`
    const label = `Sign ${what}`
    const detail = `Lets your address run as a smart account on ${needed === 1 ? 'one chain' : `${needed} chains`}; it moves no funds.`
    const error = input.authorizations.failure ?? input.stepError
    return {
      ...ready,
      ...(error ? { error } : {}),
      stage: 'authorize',
      title: label,
      detail: blocked(detail),
      action: { kind: 'authorize', label, enabled },
    }
  }
  if (phase.kind === 'submit') {
    const error = input.submitError ?? input.stepError
    const detail = words.submit
    const label = input.submitError ? 'Submit again' : 'Submit'
    const action: TransferAction | undefined = input.submitRefused
      ? requote('Get a new quote')
      : { kind: 'submit', label, enabled }
    return withAction(
      { ...ready, ...(error ? { error } : {}), stage: 'submit', title: 'Ready to submit', detail: blocked(detail) },
      action,
    )
  }
  const detail = words.sign
  return {
    ...ready,
    stage: 'sign',
    title: 'Ready to sign',
    detail: blocked(detail),
    action: { kind: 'sign', label: 'Sign', enabled },
  }
}

const words = {
  quoting: 'Reading balances and prices on every chain.',
  approval: 'A one-time approval so the transfer can draw this token; it moves no funds.',
  wrap: 'Wraps ETH into WETH so the transfer can draw it.',
  sign: 'Your wallet signs the transfer exactly as shown; nothing moves yet.',
  submit: 'Sends the signed transfer; it is delivered in seconds.',
} as const
