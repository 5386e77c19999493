// Where a route is in its life, as one value every part of the inspector reads — the step bar,
// the countdown, Sign, Submit — so they can never disagree. Once submitted, a route is tracked and
// nothing about signing applies any more; a final status (Completed, Failed) is final everywhere.
import type { IntentStatus } from './intentTimeline'

export type RoutePhase =
  | { kind: 'submitted'; status: IntentStatus | undefined }
  | { kind: 'outdated'; reason: string }
  | { kind: 'expired' }
  | { kind: 'requirements'; open: number }
  | { kind: 'sign' }
  | { kind: 'submit' }

export type PhaseInput = {
  /** The intent this route became, once submitted (its status once read). */
  submitted: { status: IntentStatus | undefined } | undefined
  /** Why the route no longer matches what the reader asks for (the form changed). */
  outdated: string | undefined
  expired: boolean
  requirementsOpen: number
  signed: boolean
}

export function routePhase({ submitted, outdated, expired, requirementsOpen, signed }: PhaseInput): RoutePhase {
  if (submitted) return { kind: 'submitted', status: submitted.status }
  if (outdated) return { kind: 'outdated', reason: outdated }
  if (expired) return { kind: 'expired' }
  if (requirementsOpen > 0) return { kind: 'requirements', open: requirementsOpen }
  return signed ? { kind: 'submit' } : { kind: 'sign' }
}

export const isFinalPhase = (p: RoutePhase): boolean =>
  p.kind === 'submitted' && (p.status === 'COMPLETED' || p.status === 'FAILED')

export type StepState = 'done' | 'current' | 'waiting' | 'failed' | 'closed'
export type RouteStep = {
  label: 'Requirements' | 'Sign' | 'Submit' | 'Track'
  href: string
  state: StepState
  note: string
}

/** The step bar: Requirements → Sign → Submit → Track, each with a state and a word for it. */
export function routeSteps(phase: RoutePhase, requirementsOpen: number): RouteStep[] {
  const requirements: RouteStep =
    requirementsOpen > 0 && phase.kind !== 'submitted'
      ? {
          label: 'Requirements',
          href: '#requirements',
          state: phase.kind === 'requirements' ? 'current' : 'waiting',
          note: `${requirementsOpen} open`,
        }
      : { label: 'Requirements', href: '#requirements', state: 'done', note: 'none open' }
  const sign = (state: StepState, note: string): RouteStep => ({ label: 'Sign', href: '#sign', state, note })
  const submit = (state: StepState, note: string): RouteStep => ({ label: 'Submit', href: '#submit', state, note })
  const track = (state: StepState, note: string): RouteStep => ({ label: 'Track', href: '#submit', state, note })
  switch (phase.kind) {
    case 'submitted': {
      const trackStep =
        phase.status === 'COMPLETED'
          ? track('done', 'completed')
          : phase.status === 'FAILED'
            ? track('failed', 'failed')
            : track('current', phase.status ? 'in progress' : 'reading…')
      return [requirements, sign('done', 'signed'), submit('done', 'submitted'), trackStep]
    }
    case 'outdated':
      return [
        requirements,
        sign('closed', 'form changed'),
        submit('closed', 'get a new route'),
        track('waiting', 'after submitting'),
      ]
    case 'expired':
      return [
        requirements,
        sign('closed', 'deadline passed'),
        submit('closed', 'get a new route'),
        track('waiting', 'after submitting'),
      ]
    case 'requirements':
      return [
        requirements,
        sign('waiting', 'after the requirements'),
        submit('waiting', 'after signing'),
        track('waiting', 'after submitting'),
      ]
    case 'sign':
      return [
        requirements,
        sign('current', 'ready'),
        submit('waiting', 'after signing'),
        track('waiting', 'after submitting'),
      ]
    case 'submit':
      return [requirements, sign('done', 'signed'), submit('current', 'ready'), track('waiting', 'after submitting')]
  }
}
