import { describe, expect, it } from 'vitest'
import { arbiterRefundDelaySeconds } from '../../core/abi/arbiter'
import { DEADLINE, EXPIRES, fakePass, proof } from './fixtures/fakePass'
import { payout } from './payout'

describe('payout (FILLED, once the attester signed the fill)', () => {
  it('waits for the attestation', async () => {
    const { pass, world } = fakePass('PERMIT2')
    expect(await payout(pass)).toEqual({ kind: 'wait', outcome: 'attestation' })
    expect(world.sent).toEqual([])
  })

  it('fails once no attestation could pay any more: the refund opening (PERMIT2), the expiry (COMPACT)', async () => {
    const permit2 = fakePass('PERMIT2')
    permit2.world.head = DEADLINE + arbiterRefundDelaySeconds
    expect(await payout(permit2.pass)).toEqual({ kind: 'wait', outcome: 'attestation' })
    permit2.world.head = DEADLINE + arbiterRefundDelaySeconds + 1n
    expect(await payout(permit2.pass)).toMatchObject({ kind: 'fail' })
    const compact = fakePass('COMPACT')
    compact.world.head = EXPIRES
    expect(await payout(compact.pass)).toEqual({ kind: 'wait', outcome: 'attestation' })
    compact.world.head = EXPIRES + 1n
    const verdict = await payout(compact.pass)
    expect(verdict.kind === 'fail' && verdict.reason).toBe(
      `delivered, but no attestation of the fill arrived before ${EXPIRES}`,
    )
  })

  it('releases every escrow, re-checks every step and completes (PERMIT2)', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.attestation = proof
    // An escrow's claim record is completed by its escrow: the releases are sent all the same.
    pass.claims = pass.claims.map((c) => ({ ...c, status: 'COMPLETED' as const }))
    expect(await payout(pass)).toEqual({ kind: 'advance', event: { type: 'paid' }, update: {} })
    expect(world.sent.slice(0, 2)).toEqual(['release:0', 'release:1'])
    expect(world.sent.slice(2).sort()).toEqual(['escrow:0', 'escrow:1', 'fill', 'release:0', 'release:1'])
  })

  it('claims what is not claimed yet, with the claims recorded (COMPACT)', async () => {
    const { pass, world } = fakePass('COMPACT')
    world.attestation = proof
    pass.claims = [{ ...pass.claims[0], status: 'COMPLETED' } as (typeof pass.claims)[0], ...pass.claims.slice(1)]
    const verdict = await payout(pass)
    expect(world.sent[0]).toBe('claim:1')
    expect(world.sent).not.toContain('allocate:0')
    expect(verdict).toMatchObject({ kind: 'advance', event: { type: 'paid' } })
    expect(verdict.update?.claims?.map((c) => c.status)).toEqual(['COMPLETED', 'COMPLETED'])
  })

  it('keeps the claims that went through when another is refused, and never refunds a delivered intent', async () => {
    const { pass, world } = fakePass('COMPACT')
    world.attestation = proof
    world.throws.set('claim:0', 'mined')
    const verdict = await payout(pass)
    expect(verdict).toMatchObject({
      kind: 'fail',
      update: { claims: [{ status: 'PENDING' }, { status: 'COMPLETED' }] },
    })
    expect(verdict.kind === 'fail' && verdict.refundable).toBeFalsy()
  })

  it('runs the calls on arrival last, and fails the intent when they revert', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.attestation = proof
    world.destinationOps = 'delivered, but the destination calls failed on chain 42161'
    expect(await payout(pass)).toMatchObject({ kind: 'fail', reason: world.destinationOps })
  })
})
