import { zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildCost } from '../build/buildCost'
import { tokenRequirements } from '../build/tokenRequirements'
import { eth, planInput, routeState, usdc } from '../fixtures'
import { amountsIn, expectValid, spentBy } from './planChecks'
import { planRoute } from './planRoute'
import { groupElements } from './pricing'
import { MAX_UINT256 } from './types'

describe('WETH before a wrap', () => {
  it.each([
    ['same chain, WETH requested', 1, 'WETH'],
    ['cross chain, ETH requested', 42161, 'ETH'],
  ])('%s: holding 1.5 WETH and ETH on chain 1, 0.5 is paid in WETH — no wrap requirement', (_, destination, symbol) => {
    const state = routeState({
      holdings: [
        { chainId: 1, symbol: 'WETH', unlocked: eth(1.5) },
        { chainId: 1, symbol: 'ETH', unlocked: eth(2) },
      ],
    })
    const input = planInput(state, { destination, requests: [{ symbol, amount: eth(0.5) }] })
    const plan = planRoute(input)
    expect(plan.fulfilled).toBe(true)
    expect(plan.allocations.some((a) => a.wrapsNative)).toBe(false)
    expect(plan.allocations.map((a) => a.origin.symbol)).toEqual(['WETH'])
    const requirements = tokenRequirements(plan, state, { address: zeroAddress, needsSetup: () => false })
    expect(requirements['1']?.[zeroAddress]).toBeUndefined()
    expectValid(input, plan)
  })

  it('WETH short: the rest is wrapped from ETH in the same element', () => {
    const state = routeState({
      holdings: [
        { chainId: 1, symbol: 'WETH', unlocked: eth(0.2) },
        { chainId: 1, symbol: 'ETH', unlocked: eth(2) },
      ],
    })
    const input = planInput(state, { destination: 1, requests: [{ symbol: 'WETH', amount: eth(0.5) }] })
    const plan = planRoute(input)
    expect(plan.fulfilled).toBe(true)
    expect(plan.allocations.map((a) => [a.origin.symbol, a.amount])).toEqual([
      ['WETH', eth(0.2)],
      ['ETH', eth(0.3) + plan.fees.charge],
    ])
    expect(groupElements(plan.allocations)).toHaveLength(1)
  })
})

describe('amounts never exceed 2^256 − 1', () => {
  it('a max request over two chains each holding 2^256 − 1: delivers at most 2^256 − 1', () => {
    const state = routeState({
      holdings: [
        { chainId: 8453, symbol: 'USDC', unlocked: MAX_UINT256 },
        { chainId: 42161, symbol: 'USDC', unlocked: MAX_UINT256 },
      ],
    })
    const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC' }] })
    const plan = planRoute(input)
    expect(plan.fulfilled).toBe(true)
    expectValid(input, plan)
    expect(spentBy(plan, 0)).toBeLessThanOrEqual(MAX_UINT256)
    for (const v of amountsIn(buildCost(plan, state, 42161))) expect(v).toBeLessThanOrEqual(MAX_UINT256)
  })

  it('asking for 2^256 − 1 with 100 USDC: a shortfall whose every amount fits a uint256', () => {
    const state = routeState({ holdings: [{ chainId: 8453, symbol: 'USDC', unlocked: usdc(100) }] })
    const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: MAX_UINT256 }] })
    const plan = planRoute(input)
    expect(plan.fulfilled).toBe(false)
    expectValid(input, plan)
    const cost = buildCost(plan, state, 42161)
    expect(cost.hasFulfilledAll).toBe(false)
    for (const v of amountsIn(cost)) expect(v).toBeLessThanOrEqual(MAX_UINT256)
  })

  it('a fee-only asset cannot be charged past 2^256 − 1', () => {
    const state = routeState({ holdings: [{ chainId: 8453, symbol: 'ETH', unlocked: eth(1) }] })
    const input = planInput(state, {
      destination: 42161,
      requests: [{ symbol: 'USDC', amount: MAX_UINT256 }],
      feeGroup: 'ETH',
    })
    const plan = planRoute(input)
    expectValid(input, plan)
    for (const v of amountsIn(buildCost(plan, state, 42161))) expect(v).toBeLessThanOrEqual(MAX_UINT256)
  })
})

// ---------------------------------------------------------------------------------------------
// Brute force: every valid plan of one scheme with one element per chain, on small states.
//
// For a fixed fee, a plan's cost is concave in its amounts (fixed charges per chain and token, the
// cheapest layer's linear fee), so its minimum over {Σ per asset = need, 0 ≤ amount ≤ limit} lies at
// a vertex: per asset, some sources drawn to their limit and at most one residual. The brute force
// enumerates every such vertex at the level of single sources (finer than the planner's), every
// combination across assets, and EVERY assignment of a layer per chain — and prices each exactly.

/** Rounding slack between plans that split the same amounts differently: 1e-5 USD. */
