import { describe, expect, it } from 'vitest'
import { isFinalPhase, type PhaseInput, routePhase, routeSteps } from './routePhase'

const base: PhaseInput = {
  submitted: undefined,
  outdated: undefined,
  expired: false,
  requirementsOpen: 0,
  signed: false,
}
const states = (input: Partial<PhaseInput>) =>
  routeSteps(routePhase({ ...base, ...input }), input.requirementsOpen ?? 0).map(
    (s) => `${s.label}:${s.state}:${s.note}`,
  )

describe('routePhase', () => {
  it('walks requirements → sign → submit', () => {
    expect(states({ requirementsOpen: 1 })).toEqual([
      'Requirements:current:1 open',
      'Sign:waiting:after the requirements',
      'Submit:waiting:after signing',
      'Track:waiting:after submitting',
    ])
    expect(states({})).toEqual([
      'Requirements:done:none open',
      'Sign:current:ready',
      'Submit:waiting:after signing',
      'Track:waiting:after submitting',
    ])
    expect(states({ signed: true })).toEqual([
      'Requirements:done:none open',
      'Sign:done:signed',
      'Submit:current:ready',
      'Track:waiting:after submitting',
    ])
  })

  it('closes Sign and Submit on a changed form or a passed deadline, whatever else is true', () => {
    expect(routePhase({ ...base, outdated: 'changed', expired: true, signed: true })).toEqual({
      kind: 'outdated',
      reason: 'changed',
    })
    expect(routePhase({ ...base, expired: true, signed: true, requirementsOpen: 2 })).toEqual({ kind: 'expired' })
    expect(states({ expired: true })).toContain('Sign:closed:deadline passed')
    expect(states({ outdated: 'x' })).toContain('Submit:closed:get a new route')
  })

  it('is final once the intent is: never "ready" to sign or submit again', () => {
    for (const status of ['COMPLETED', 'FAILED'] as const) {
      const phase = routePhase({ ...base, submitted: { status }, expired: true, outdated: 'x', requirementsOpen: 1 })
      expect(isFinalPhase(phase)).toBe(true)
      const steps = routeSteps(phase, 1)
      expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'done', status === 'COMPLETED' ? 'done' : 'failed'])
      expect(steps.some((s) => s.note === 'ready')).toBe(false)
    }
    expect(isFinalPhase(routePhase({ ...base, submitted: { status: 'CLAIMED' } }))).toBe(false)
    expect(states({ submitted: { status: 'PENDING' } })).toContain('Track:current:in progress')
  })
})
