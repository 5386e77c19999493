import { describe, expect, it } from 'vitest'
import type { IntentStatus } from '../../core/intent/intentRecords'
import { SIMULATION_ATTEMPTS } from '../intentMachine'
import { EXPIRES, fakePass, proof, statuses } from './fixtures/fakePass'
import { drive, type Progress } from './settle'

const at = (status: IntentStatus, simulationReverts = 0): Progress => ({ status, simulationReverts, refunds: [] })

describe('the settlement driver', () => {
  it('takes escrow with refund from PENDING to COMPLETED through its handlers, waiting for the attestation', async () => {
    const { pass, world } = fakePass('PERMIT2')
    const progress = at('PENDING')
    expect(await drive(pass, progress)).toBe('attestation')
    expect(statuses(world)).toEqual(['CLAIMED', 'FILLED'])
    expect(world.sent).toEqual(['escrow:0', 'escrow:1', 'fill'])
    world.attestation = proof
    expect(await drive(pass, progress)).toBe('final')
    expect(statuses(world)).toEqual(['CLAIMED', 'FILLED', 'COMPLETED'])
    expect(world.logs).toContain('intent completed')
  })

  it('takes fill first from PENDING to COMPLETED in one pass when the attestation is there', async () => {
    const { pass, world } = fakePass('COMPACT')
    world.attestation = proof
    expect(await drive(pass, at('PENDING'))).toBe('final')
    expect(statuses(world)).toEqual(['FILLED', 'COMPLETED'])
    expect(world.updates.at(-1)?.status).toBe('COMPLETED')
    expect(pass.claims.map((c) => c.status)).toEqual(['COMPLETED', 'COMPLETED'])
  })

  it('fails with refunds of whatever was escrowed, and sends them in the same pass', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.throws.set('escrow:1', 'mined')
    const progress = at('PENDING')
    expect(await drive(pass, progress)).toBe('final')
    const failure = world.updates.find((u) => u.status === 'FAILED')
    expect(failure?.failureReason).toContain('the escrow of element 1 failed')
    expect(failure?.claims?.map((c) => c.status)).toEqual(['COMPLETED', 'FAILED'])
    expect(failure?.refunds).toMatchObject([{ elementIndex: 0, status: 'PENDING' }])
    expect(failure?.unpaidGasWei).toBe(21_000n)
    expect(progress.refunds).toMatchObject([{ elementIndex: 0, status: 'COMPLETED' }])
  })

  it('tries a reverting simulation again, counting across passes, then fails', async () => {
    const { pass, world } = fakePass('COMPACT')
    world.checks.callsRevert = 'the calls on arrival would revert'
    const progress = at('PENDING', SIMULATION_ATTEMPTS - 2)
    expect(await drive(pass, progress)).toBe('reverted')
    expect(world.updates).toEqual([{ simulationReverts: SIMULATION_ATTEMPTS - 1 }])
    expect(await drive(pass, progress)).toBe('final')
    expect(progress.status).toBe('FAILED')
    expect(world.updates.at(-1)?.failureReason).toBe('the calls on arrival would revert')
    expect(world.sent).toEqual([])
  })

  it('throws a transient failure on, but ends an intent past its expiry with its escrows refunded', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.journal.set('escrow:0', '0x01')
    world.journal.set('escrow:1', '0x02')
    world.throws.set('fill', 'transient')
    await expect(drive(pass, at('CLAIMED'))).rejects.toThrow('did not answer')
    world.journal.set('fill', '0x03') // signed, but the node never answers about it
    world.wall = EXPIRES + 1n
    const progress = at('CLAIMED')
    expect(await drive(pass, progress)).toBe('final')
    expect(world.updates.find((u) => u.status === 'FAILED')?.failureReason).toMatch(/^expired: still not settled/)
    expect(progress.refunds.map((r) => r.elementIndex)).toEqual([0, 1])
  })

  it('ends a delivered intent that could not be paid by its final-state deadline, without refunds', async () => {
    const { pass, world } = fakePass('COMPACT')
    world.attestation = proof
    world.throws.set('claim:0', 'transient')
    world.wall = EXPIRES + 1_000n
    const progress = at('FILLED')
    expect(await drive(pass, progress)).toBe('final')
    expect(world.updates.at(-1)?.failureReason).toMatch(/^delivered, but not paid by its final-state deadline/)
    expect(progress.refunds).toEqual([])
  })

  it('writes each status with what moved it, in one write, and logs it only once written', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.attestation = proof
    expect(await drive(pass, at('CLAIMED'))).toBe('final')
    const filled = world.updates.find((u) => u.status === 'FILLED')
    expect(filled?.fill).toMatchObject({ chainId: 42161, status: 'COMPLETED' })
    expect(world.trail.indexOf('write:FILLED')).toBeLessThan(world.trail.indexOf('intent filled'))
    expect(world.trail.at(-1)).toBe('intent completed')
  })

  it('records the claims that went through before a transient failure, and keeps them when the intent ends', async () => {
    const { pass, world } = fakePass('COMPACT')
    world.attestation = proof
    world.throws.set('claim:1', 'transient')
    await expect(drive(pass, at('FILLED'))).rejects.toThrow('did not answer')
    expect(world.updates.at(-1)?.claims?.map((c) => c.status)).toEqual(['COMPLETED', 'PENDING'])
    world.wall = EXPIRES + 1_000n // past the final-state deadline: the intent ends
    const progress = at('FILLED')
    expect(await drive(pass, progress)).toBe('final')
    const failure = world.updates.find((u) => u.status === 'FAILED')
    expect(failure?.claims?.map((c) => [c.status, Boolean(c.txHash)])).toEqual([
      ['COMPLETED', true],
      ['FAILED', false],
    ])
  })

  it('keeps the claims of a delivered intent whose calls on arrival then revert', async () => {
    const { pass, world } = fakePass('COMPACT')
    world.attestation = proof
    world.destinationOps = 'delivered, but the destination calls failed on chain 42161'
    expect(await drive(pass, at('FILLED'))).toBe('final')
    const failure = world.updates.find((u) => u.status === 'FAILED')
    expect(failure?.failureReason).toBe(world.destinationOps)
    expect(failure?.claims?.map((c) => c.status)).toEqual(['COMPLETED', 'COMPLETED'])
    expect(failure?.refunds).toEqual([])
  })

  it('has nothing to do for a final intent', async () => {
    const { pass, world } = fakePass('PERMIT2')
    expect(await drive(pass, at('COMPLETED'))).toBe('final')
    expect(await drive(pass, at('FAILED'))).toBe('final')
    expect(world.updates).toEqual([])
  })
})
