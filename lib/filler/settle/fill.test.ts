import { describe, expect, it } from 'vitest'
import { allocate } from './allocate'
import { fill } from './fill'
import { DEADLINE, fakePass } from './fixtures/fakePass'

describe('fill (PERMIT2 once CLAIMED; COMPACT after its allocations)', () => {
  it('allocates every element, then fills, for locked funds', async () => {
    const { pass, world } = fakePass('COMPACT')
    const verdict = await allocate(pass)
    expect(world.sent).toEqual(['allocate:0', 'allocate:1', 'fill'])
    expect(verdict).toMatchObject({ kind: 'advance', event: { type: 'filled' }, update: { fill: { chainId: 42161 } } })
  })

  it('never allocates or checks again once the fill was signed', async () => {
    const { pass, world } = fakePass('COMPACT')
    world.journal.set('fill', '0x0f')
    world.checks.lockShortfall = 'the locks no longer cover it'
    expect(await allocate(pass)).toMatchObject({ kind: 'advance' })
    expect(world.sent).toEqual(['fill'])
  })

  it('fails a refused allocation with nothing sent to the destination', async () => {
    const { pass, world } = fakePass('COMPACT')
    world.throws.set('allocate:1', 'mined')
    const verdict = await allocate(pass)
    expect(verdict.kind === 'fail' && verdict.reason).toMatch(/allocator refused element 1.*nothing was sent/)
    expect(world.sent).not.toContain('fill')
  })

  it('reads the prices again before a fill the pass did not check', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.checks.priceMoved = 'WETH moved 3 %'
    expect(await fill(pass)).toEqual({
      kind: 'fail',
      reason: 'WETH moved 3 %; the escrows are refunded',
      refundable: true,
    })
    expect(world.sent).toEqual([])
  })

  it('does not read the prices twice in one pass', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.checks.priceMoved = 'WETH moved 3 %'
    pass.pricesRead = true
    expect(await fill(pass)).toMatchObject({ kind: 'advance' })
    expect(world.priceReads).toBe(0)
    const compact = fakePass('COMPACT')
    expect(await allocate(compact.pass)).toMatchObject({ kind: 'advance' })
    expect(compact.world.priceReads).toBe(1) // the preflight's, not again before the fill
  })

  it('refunds the escrows when the fill deadline is too close', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.head = DEADLINE - 5n
    expect(await fill(pass)).toMatchObject({ kind: 'fail', refundable: true })
    expect(world.sent).toEqual([])
  })

  it('never sends a fill whose payout could not be mined in time', async () => {
    const { pass, world } = fakePass('COMPACT')
    pass.expires = world.head + 2n // the claim window closes before the fill could be attested
    const verdict = await fill(pass)
    expect(verdict.kind === 'fail' && verdict.reason).toMatch(/could not be paid before/)
    expect(world.sent).toEqual([])
  })

  it('a fill that reverts when mined fails the intent, refunding the escrows', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.throws.set('fill', 'mined')
    expect(await fill(pass)).toMatchObject({ kind: 'fail', refundable: true })
  })

  it('a transient failure of the fill is handed on as such, for the next pass', async () => {
    const { pass, world } = fakePass('PERMIT2')
    world.throws.set('fill', 'transient')
    const verdict = await fill(pass)
    expect(verdict.kind).toBe('transient')
    expect(verdict.kind === 'transient' && String(verdict.error)).toMatch('did not answer')
  })

  it('judges the payout window by the latest chain: an origin chain ahead of the others counts', async () => {
    // 63 s: the fill (Arbitrum, 0.25 s) and a payout block (2 s) rounded up, plus the 60 s margin.
    const { pass, world } = fakePass('COMPACT')
    pass.expires = world.head + 63n
    expect(await fill(pass)).toMatchObject({ kind: 'advance' })
    const again = fakePass('COMPACT')
    again.pass.expires = again.world.head + 63n
    again.world.heads.set(8453, again.world.head + 1n) // the second origin's clock is a second ahead
    const verdict = await fill(again.pass)
    expect(verdict.kind === 'fail' && verdict.reason).toMatch(/could not be paid before/)
    expect(again.world.sent).toEqual([])
  })
})
