import { describe, expect, it } from 'vitest'
import { escrow } from './escrow'
import { DEADLINE, fakePass } from './fixtures/fakePass'

describe('escrow (PERMIT2, PENDING)', () => {
  it('checks, then escrows every element and moves on with their claims completed', async () => {
    const { pass, world } = fakePass('PERMIT2')
    const verdict = await escrow(pass)
    expect(world.sent).toEqual(['escrow:0', 'escrow:1'])
    expect(verdict).toMatchObject({ kind: 'advance', event: { type: 'escrowed' } })
    expect(verdict.update?.claims?.map((c) => c.status)).toEqual(['COMPLETED', 'COMPLETED'])
    expect(pass.pricesRead).toBe(true)
  })

  it('sends nothing when a check fails, and says why', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.checks.nonceUsed = 'the nonce 7 was already used on chain 10'
    expect(await escrow(pass)).toEqual({ kind: 'fail', reason: 'the nonce 7 was already used on chain 10' })
    expect(world.sent).toEqual([])
  })

  it('waits for the attester without sending', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.checks.attesterAlive = false
    expect(await escrow(pass)).toEqual({ kind: 'wait', outcome: 'waiting' })
    expect(world.sent).toEqual([])
  })

  it('counts a simulated revert of an escrow as a revert, not a failure', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.checks.escrowsRevert = 'the escrow of element 1 on chain 8453 would revert'
    expect(await escrow(pass)).toMatchObject({ kind: 'revert' })
    expect(world.sent).toEqual([])
  })

  it('records the escrows that went through when another reverted, refundable', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.throws.set('escrow:1', 'mined')
    const verdict = await escrow(pass)
    expect(verdict).toMatchObject({ kind: 'fail', refundable: true })
    expect(verdict.kind === 'fail' && verdict.reason).toContain('the escrow of element 1 failed')
    expect(verdict.update?.claims?.map((c) => c.status)).toEqual(['COMPLETED', 'PENDING'])
  })

  it('resumes an escrow already started without the checks, and only where one is missing', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.journal.set('escrow:0', '0x01')
    world.checks.nonceUsed = 'used' // by our own escrow: the checks do not run again
    pass.claims = [{ ...pass.claims[0], status: 'COMPLETED' } as (typeof pass.claims)[0], ...pass.claims.slice(1)]
    expect(await escrow(pass)).toMatchObject({ kind: 'advance' })
    expect(world.sent).toEqual(['escrow:1'])
  })

  it('does not sign a missing escrow close to the fill deadline', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.journal.set('escrow:0', '0x01')
    world.head = DEADLINE - 10n
    expect(await escrow(pass)).toMatchObject({ kind: 'fail', refundable: true })
    expect(world.sent).toEqual([])
  })
})
