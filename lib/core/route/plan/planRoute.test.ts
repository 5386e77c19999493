import { describe, expect, it } from 'vitest'
import { eth, GWEI, planInput, routeState, token, usdc } from '../fixtures'
import type { Layer } from '../settlementLayers'
import { chainsOf, expectValid, fundings, spentBy } from './planChecks'
import { planRoute } from './planRoute'
import { evaluate, groupElements, planCostUsd8 } from './pricing'
import type { Allocation } from './types'

describe('one signing scheme per route', () => {
  it('USDC locked on 10 and unlocked on 42161, 1000 USDC to 42161: all from the lock (COMPACT), no mixed plan', () => {
    const state = routeState({
      holdings: [
        { chainId: 10, symbol: 'USDC', locked: usdc(1200) },
        { chainId: 42161, symbol: 'USDC', unlocked: usdc(500) },
      ],
    })
    const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(1000) }] })
    const plan = planRoute(input)
    expect(plan.fulfilled).toBe(true)
    expect([...fundings(plan)]).toEqual(['COMPACT'])
    expect(chainsOf(plan)).toEqual([10])
    expectValid(input, plan)
  })

  it(
    'neither scheme alone covers 1000: not fulfilled, still ' +
      'one scheme, the shortfall counts what one scheme can give',
    () => {
      const state = routeState({
        holdings: [
          { chainId: 10, symbol: 'USDC', locked: usdc(600) },
          { chainId: 42161, symbol: 'USDC', unlocked: usdc(700) },
        ],
      })
      const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(1000) }] })
      const plan = planRoute(input)
      expect(plan.fulfilled).toBe(false)
      expect(fundings(plan).size).toBe(1)
      expect(plan.deliveries[0]!.allocated).toBe(usdc(700)) // the scheme that covers the most
      expectValid(input, plan)
    },
  )

  it('both schemes cover it: the cheaper wins (unlocked on the destination beats a lock on expensive mainnet)', () => {
    const state = routeState({
      holdings: [
        { chainId: 1, symbol: 'USDC', locked: usdc(2000) },
        { chainId: 42161, symbol: 'USDC', unlocked: usdc(2000) },
      ],
      gasPrice: { 1: 30n * GWEI, 42161: GWEI / 100n },
    })
    const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(1000) }] })
    const plan = planRoute(input)
    expect([...fundings(plan)]).toEqual(['PERMIT2'])
    expect(chainsOf(plan)).toEqual([42161])
  })

  it(
    'USDT0 over OFT from 10 and a little USDT0 on the destination: ' +
      'only NO_FUNDING, never a Permit2 element beside it',
    () => {
      const oft = {
        adapter: '0x1111111111111111111111111111111111111111' as const,
        dstEid: 30110,
        nativeFee: 10n ** 14n,
        amountSentLD: 1_000_000n,
        amountReceivedLD: 1_000_000n,
      }
      const state = routeState({
        holdings: [
          { chainId: 10, symbol: 'USDT0', unlocked: usdc(500) },
          { chainId: 10, symbol: 'ETH', unlocked: eth(0.01) },
          { chainId: 42161, symbol: 'USDT0', unlocked: usdc(50) },
        ],
        oft: { 10: oft },
      })
      const input = planInput(state, {
        destination: 42161,
        requests: [{ symbol: 'USDT0', amount: usdc(100) }],
        opsChains: [10],
      })
      const plan = planRoute(input)
      expect(plan.fulfilled).toBe(true)
      expect([...fundings(plan)]).toEqual(['NO_FUNDING'])
      expect(plan.allocations.every((a) => a.layer === 'OFT')).toBe(true)
      expectValid(input, plan)
      // An account that cannot run ops on 10 (an EOA there) has no OFT source: only what is on 42161.
      const eoa = planRoute(
        planInput(state, { destination: 42161, requests: [{ symbol: 'USDT0', amount: usdc(100) }] }),
      )
      expect(eoa.fulfilled).toBe(false)
      expect(eoa.allocations.some((a) => a.layer === 'OFT')).toBe(false)
    },
  )
})

describe('one element per source chain', () => {
  it('USDC and ETH both from Base: one element on 8453, one layer for both', () => {
    const state = routeState({
      holdings: [
        { chainId: 8453, symbol: 'USDC', unlocked: usdc(500) },
        { chainId: 8453, symbol: 'ETH', unlocked: eth(2) },
      ],
    })
    const input = planInput(state, {
      destination: 42161,
      requests: [
        { symbol: 'USDC', amount: usdc(50) },
        { symbol: 'ETH', amount: eth(1) },
      ],
    })
    const plan = planRoute(input)
    expect(plan.fulfilled).toBe(true)
    const elements = groupElements(plan.allocations)
    expect(elements.map((e) => e.chainId)).toEqual([8453])
    expect(elements[0]!.tokens).toBe(2)
    expect(new Set(plan.allocations.map((a) => a.layer)).size).toBe(1)
    expect(elements[0]!.layer).toBe('ACROSS') // cheapest for the ~$3,050 the element moves
    expectValid(input, plan)
  })

  it(
    'a lock and an unlocked balance of one token on one chain ' +
      'are never combined: 150 + 150 for 200 is a shortfall',
    () => {
      const state = routeState({
        holdings: [{ chainId: 8453, symbol: 'USDC', locked: usdc(150), unlocked: usdc(150) }],
      })
      const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(200) }] })
      const plan = planRoute(input)
      expect(plan.fulfilled).toBe(false)
      expect(fundings(plan).size).toBe(1)
      expect(groupElements(plan.allocations)).toHaveLength(1)
      expect(plan.deliveries[0]!.allocated).toBe(usdc(150))
      expectValid(input, plan)
    },
  )

  it('with unlocked USDC on another chain as well: all PERMIT2, one element per chain', () => {
    const state = routeState({
      holdings: [
        { chainId: 8453, symbol: 'USDC', locked: usdc(150), unlocked: usdc(150) },
        { chainId: 10, symbol: 'USDC', unlocked: usdc(100) },
      ],
    })
    const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(200) }] })
    const plan = planRoute(input)
    expect(plan.fulfilled).toBe(true)
    expect([...fundings(plan)]).toEqual(['PERMIT2'])
    expect(chainsOf(plan)).toEqual([10, 8453])
    expectValid(input, plan)
  })

  it('groupElements refuses a chain with two funding methods or two layers', () => {
    const state = routeState({ holdings: [] })
    const base = {
      chainId: 8453,
      token: token(8453, 'USDC'),
      origin: token(8453, 'USDC'),
      wrapsNative: false,
      available: 1n,
      amount: 1n,
      request: 0,
    } as const
    expect(() =>
      groupElements([
        { ...base, funding: 'PERMIT2', layer: 'ACROSS' },
        { ...base, funding: 'COMPACT', layer: 'ACROSS' },
      ]),
    ).toThrow(/mixes/)
    expect(() =>
      groupElements([
        { ...base, funding: 'PERMIT2', layer: 'ACROSS' },
        { ...base, funding: 'PERMIT2', layer: 'ECO' },
      ]),
    ).toThrow(/mixes/)
    expect(state.chains.size).toBe(4)
  })
})

describe('the cheapest plan', () => {
  it(
    'equal gas everywhere, a few USDC on the destination and ' + 'plenty on Base: Base alone beats "destination first"',
    () => {
      const state = routeState({
        holdings: [
          { chainId: 42161, symbol: 'USDC', unlocked: usdc(5) },
          { chainId: 8453, symbol: 'USDC', unlocked: usdc(2000) },
        ],
      })
      const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(1000) }] })
      const plan = planRoute(input)
      expect(plan.fulfilled).toBe(true)
      expect(chainsOf(plan)).toEqual([8453])
      // What the old planner returned: the destination's 5 USDC first, the rest from Base.
      const charge = plan.fees.charge
      const src = (chainId: number, amount: bigint, layer: Layer): Allocation => ({
        chainId,
        token: token(chainId, 'USDC'),
        origin: token(chainId, 'USDC'),
        funding: 'PERMIT2',
        layer,
        wrapsNative: false,
        available: amount,
        amount,
        request: 0,
      })
      const old = evaluate(
        input,
        [src(42161, usdc(5), 'SAME_CHAIN'), src(8453, usdc(995) + charge, 'ACROSS')],
        [
          {
            request: 0,
            token: input.requests[0]!.token,
            target: usdc(1000),
            allocated: usdc(1000) + charge,
            fulfilled: true,
          },
        ],
        charge,
      )
      const [mine, theirs] = [planCostUsd8(input, plan), planCostUsd8(input, old)]
      expect(mine).toBeLessThan(theirs)
      expect(Number(theirs - mine) / Number(mine)).toBeGreaterThan(0.05)
    },
  )

  it('the layer follows what the whole element moves: RELAY for 50 USDC, ECO for 150, ACROSS for 500', () => {
    for (const [amount, layer] of [
      [50, 'RELAY'],
      [150, 'ECO'],
      [500, 'ACROSS'],
    ] as const) {
      const state = routeState({ holdings: [{ chainId: 8453, symbol: 'USDC', unlocked: usdc(1000) }] })
      const plan = planRoute(
        planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(amount) }] }),
      )
      expect(plan.allocations.map((a) => a.layer)).toEqual([layer])
    }
  })

  it(
    'no chain has enough: the destination is drained, the ' + 'rest from the two others, tokenOut sums to the request',
    () => {
      for (const [cheaper, dearer] of [
        [8453, 10],
        [10, 8453],
      ] as const) {
        const holdings = [
          { chainId: 42161, symbol: 'USDC', unlocked: usdc(300) },
          { chainId: 8453, symbol: 'USDC', unlocked: usdc(500) },
          { chainId: 10, symbol: 'USDC', unlocked: usdc(500) },
        ]
        const state = routeState({ holdings, gasPrice: { [cheaper]: GWEI, [dearer]: 2n * GWEI } })
        const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(1000) }] })
        const plan = planRoute(input)
        expect(plan.fulfilled).toBe(true)
        expect(chainsOf(plan)).toEqual([10, 8453, 42161])
        const on = (chainId: number) => plan.allocations.find((a) => a.chainId === chainId)!.amount
        expect(on(42161)).toBe(usdc(300))
        // Equal cost either way: the chain with cheaper claim gas is drained, the other takes the rest and the fee.
        expect(on(cheaper)).toBe(usdc(500))
        expect(on(dearer)).toBe(usdc(200) + plan.fees.charge)
        expectValid(input, plan)
      }
    },
  )

  it('fee in another asset: ETH moves exactly the request, the fee comes from USDC on the destination', () => {
    const state = routeState({
      holdings: [
        { chainId: 8453, symbol: 'ETH', unlocked: eth(0.5) },
        { chainId: 42161, symbol: 'USDC', unlocked: usdc(20) },
      ],
    })
    const input = planInput(state, {
      destination: 42161,
      requests: [{ symbol: 'ETH', amount: eth(0.1) }],
      feeGroup: 'USDC',
    })
    const plan = planRoute(input)
    expect(plan.fulfilled).toBe(true)
    expect(chainsOf(plan)).toEqual([8453, 42161])
    expect(spentBy(plan, 0)).toBe(eth(0.1))
    expect(spentBy(plan, 'fee')).toBe(plan.fees.charge)
    expectValid(input, plan)
  })

  it('an access-list cap bounds a (chain, token) across its sources', () => {
    const state = routeState({
      holdings: [
        { chainId: 10, symbol: 'USDC', unlocked: usdc(300) },
        { chainId: 8453, symbol: 'USDC', unlocked: usdc(300) },
      ],
    })
    const cap = usdc(100)
    const access = { allows: () => true, cap: (t: { chainId: number }) => (t.chainId === 10 ? cap : undefined) }
    const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(350) }], access })
    const plan = planRoute(input)
    expect(plan.fulfilled).toBe(true)
    expect(plan.allocations.filter((a) => a.chainId === 10).reduce((s, a) => s + a.amount, 0n)).toBeLessThanOrEqual(cap)
    expectValid(input, plan)
  })
})
