import { describe, expect, it } from 'vitest'
import {
  afterSimulationRevert,
  FINAL_MARGIN_SECONDS,
  finalBy,
  IllegalTransitionError,
  SIMULATION_ATTEMPTS,
  statusBefore,
  transition,
} from './intentMachine'

describe('transition', () => {
  it('walks escrow with refund: PENDING → CLAIMED → FILLED → COMPLETED', () => {
    expect(transition('PERMIT2', 'PENDING', { type: 'escrowed' })).toBe('CLAIMED')
    expect(transition('PERMIT2', 'CLAIMED', { type: 'filled' })).toBe('FILLED')
    expect(transition('PERMIT2', 'FILLED', { type: 'paid' })).toBe('COMPLETED')
  })

  it('walks fill first: PENDING → FILLED → COMPLETED, with no escrow step', () => {
    expect(transition('COMPACT', 'PENDING', { type: 'filled' })).toBe('FILLED')
    expect(transition('COMPACT', 'FILLED', { type: 'paid' })).toBe('COMPLETED')
    expect(() => transition('COMPACT', 'PENDING', { type: 'escrowed' })).toThrow(IllegalTransitionError)
  })

  it("walks an account's own single-chain ops: PENDING → COMPLETED in one step, and back on a re-org", () => {
    expect(transition('NO_FUNDING', 'PENDING', { type: 'executed' })).toBe('COMPLETED')
    expect(transition('NO_FUNDING', 'PENDING', { type: 'failed' })).toBe('FAILED')
    for (const event of [{ type: 'escrowed' }, { type: 'filled' }, { type: 'delivered' }] as const) {
      expect(() => transition('NO_FUNDING', 'PENDING', event)).toThrow(IllegalTransitionError)
    }
    expect(() => transition('NO_FUNDING', 'FILLED', { type: 'paid' })).toThrow(IllegalTransitionError)
    expect(() => transition('PERMIT2', 'PENDING', { type: 'executed' })).toThrow(IllegalTransitionError)
    expect(transition('NO_FUNDING', 'COMPLETED', { type: 'reorged', step: 'execute:0' })).toBe('PENDING')
    expect(transition('NO_FUNDING', 'COMPLETED', { type: 'reorged', step: 'setup:8453' })).toBe('PENDING')
  })

  it('refuses steps out of order: no fill before the escrows, no payout before the fill, nothing after FAILED', () => {
    expect(() => transition('PERMIT2', 'PENDING', { type: 'filled' })).toThrow(/PERMIT2: no 'filled' from PENDING/)
    expect(() => transition('PERMIT2', 'CLAIMED', { type: 'paid' })).toThrow(IllegalTransitionError)
    // Paid, then the fill undone past its deadline: delivered from inventory, COMPLETED.
    expect(transition('PERMIT2', 'CLAIMED', { type: 'delivered' })).toBe('COMPLETED')
    expect(transition('COMPACT', 'PENDING', { type: 'delivered' })).toBe('COMPLETED')
    expect(() => transition('PERMIT2', 'PENDING', { type: 'delivered' })).toThrow(IllegalTransitionError)
    expect(() => transition('COMPACT', 'FAILED', { type: 'delivered' })).toThrow(IllegalTransitionError)
    expect(statusBefore('COMPACT', 'deliver:0')).toBe('PENDING')
    expect(statusBefore('PERMIT2', 'deliver:0')).toBe('CLAIMED')
    expect(() => transition('COMPACT', 'PENDING', { type: 'paid' })).toThrow(IllegalTransitionError)
    for (const event of [
      { type: 'escrowed' },
      { type: 'filled' },
      { type: 'paid' },
      { type: 'failed' },
      { type: 'reorged', step: 'fill' },
    ] as const) {
      expect(() => transition('PERMIT2', 'FAILED', event)).toThrow(IllegalTransitionError)
    }
  })

  it('fails from every open status, never from a final one', () => {
    for (const status of ['PENDING', 'CLAIMED', 'FILLED'] as const)
      expect(transition('PERMIT2', status, { type: 'failed' })).toBe('FAILED')
    expect(() => transition('COMPACT', 'COMPLETED', { type: 'failed' })).toThrow(IllegalTransitionError)
  })

  it('a re-org after COMPLETED reopens the intent at the status before the dropped step', () => {
    expect(transition('PERMIT2', 'COMPLETED', { type: 'reorged', step: 'release:0' })).toBe('FILLED')
    expect(transition('PERMIT2', 'COMPLETED', { type: 'reorged', step: 'fill' })).toBe('CLAIMED')
    expect(transition('PERMIT2', 'COMPLETED', { type: 'reorged', step: 'escrow:1' })).toBe('PENDING')
    expect(transition('COMPACT', 'COMPLETED', { type: 'reorged', step: 'fill' })).toBe('PENDING')
    expect(transition('COMPACT', 'COMPLETED', { type: 'reorged', step: 'claim:0' })).toBe('FILLED')
    expect(transition('COMPACT', 'COMPLETED', { type: 'reorged', step: 'destination-ops' })).toBe('FILLED')
    expect(transition('COMPACT', 'COMPLETED', { type: 'reorged', step: 'setup:10' })).toBe('PENDING')
  })

  it('two dropped steps reopen at the earlier one, whatever the order they are seen in', () => {
    const a = transition('PERMIT2', transition('PERMIT2', 'COMPLETED', { type: 'reorged', step: 'release:0' }), {
      type: 'reorged',
      step: 'fill',
    })
    const b = transition('PERMIT2', transition('PERMIT2', 'COMPLETED', { type: 'reorged', step: 'fill' }), {
      type: 'reorged',
      step: 'release:0',
    })
    expect([a, b]).toEqual(['CLAIMED', 'CLAIMED'])
  })

  it('a re-org of a step not yet reached changes nothing', () => {
    expect(transition('PERMIT2', 'PENDING', { type: 'reorged', step: 'release:0' })).toBe('PENDING')
    expect(statusBefore('PERMIT2', 'refund:0')).toBe('PENDING')
  })
})

describe('simulation reverts', () => {
  it(`are retried until ${SIMULATION_ATTEMPTS} attempts, then the intent fails`, () => {
    const verdicts = Array.from({ length: SIMULATION_ATTEMPTS }, (_, attempt) => afterSimulationRevert(attempt))
    expect(verdicts).toEqual([...Array(SIMULATION_ATTEMPTS - 1).fill('retry'), 'fail'])
    expect(afterSimulationRevert(SIMULATION_ATTEMPTS + 5)).toBe('fail')
  })
})

describe('finalBy', () => {
  it('is the expiry plus the margin for fill first', () => {
    expect(finalBy({ funding: 'COMPACT', fillDeadline: 1_000n, expires: 2_000n, refundDelay: 300n })).toBe(
      2_000n + FINAL_MARGIN_SECONDS,
    )
  })

  it('waits for the escrow refund to open when that comes after the expiry', () => {
    expect(finalBy({ funding: 'PERMIT2', fillDeadline: 1_900n, expires: 2_000n, refundDelay: 300n })).toBe(
      2_200n + FINAL_MARGIN_SECONDS,
    )
    expect(finalBy({ funding: 'PERMIT2', fillDeadline: 1_000n, expires: 2_000n, refundDelay: 300n })).toBe(
      2_000n + FINAL_MARGIN_SECONDS,
    )
  })
})
