import { describe, expect, it } from 'vitest'
import { fill } from './fill'
import { DEADLINE, fakePass } from './fixtures/fakePass'

/** Paid (every release journaled and mined), the fill undone, and its deadline passed. */
function paidFillUndone() {
  const { pass, world } = fakePass('PERMIT2')
  for (const e of pass.plan.elements) world.journal.set(`release:${e.elementIndex}`, '0x0e')
  world.paid = true
  world.head = DEADLINE + 1n
  return { pass, world }
}

describe('delivery from inventory (paid, the fill undone and past its deadline)', () => {
  it('sends tokenOut to the recipient and completes the intent with the transfer as its fill', async () => {
    const { pass, world } = paidFillUndone()
    const verdict = await fill(pass)
    expect(world.sent).toEqual(['deliver:0'])
    expect(verdict).toMatchObject({
      kind: 'advance',
      event: { type: 'delivered' },
      update: { fill: { method: 'transfer', chainId: 42161 } },
    })
  })

  it('never delivers twice: not while the arbiter records a fill the journal does not hold', async () => {
    const { pass, world } = paidFillUndone()
    world.filled = true
    await expect(fill(pass)).rejects.toThrow('not delivering twice')
    expect(world.sent).toEqual([])
  })

  it('not while the fill could still be mined', async () => {
    const { pass, world } = paidFillUndone()
    world.head = DEADLINE // the wall clock is past it, the chain is not
    world.wall = DEADLINE + 100n
    await expect(fill(pass)).rejects.toThrow('could still be mined')
    expect(world.sent).toEqual([])
  })

  it('not unless every payout is mined', async () => {
    const { pass, world } = paidFillUndone()
    world.paid = false
    const verdict = await fill(pass)
    expect(verdict.kind === 'fail' && verdict.reason).toMatch(/^expired: not filled before its fill deadline/)
    expect(world.sent).toEqual([])
  })

  it('goes on with a delivery already started, whatever the clocks say', async () => {
    const { pass, world } = paidFillUndone()
    world.journal.set('deliver:0', '0x0d')
    world.filled = true
    expect(await fill(pass)).toMatchObject({ kind: 'advance', event: { type: 'delivered' } })
  })

  it('a reverting fill after payment also turns into the delivery', async () => {
    const { pass, world } = paidFillUndone()
    world.journal.set('fill', '0x0f')
    world.throws.set('fill', 'mined')
    expect(await fill(pass)).toMatchObject({ kind: 'advance', event: { type: 'delivered' } })
  })

  it('fails with tokenOut delivered when the calls on arrival revert', async () => {
    const { pass, world } = paidFillUndone()
    world.destinationOps = 'delivered, but the destination calls failed'
    expect(await fill(pass)).toMatchObject({
      kind: 'fail',
      reason: 'delivered, but the destination calls failed',
      update: { fill: { method: 'transfer' } },
    })
  })
})
