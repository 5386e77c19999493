// The planner on hand-built states (lib/core/route/fixtures.ts), imported stage by stage: one signing scheme per route, one
// element per chain, the cheapest plan under the fee model (checked against a brute force over
// small generated states), WETH before a wrap, and no amount past 2^256 − 1.
//
// The objective both the planner and the brute force minimise is planCostUsd8: the route's whole
// cost in USD (8 decimals) — origin gas, bridge fees, LayerZero native fees, destination fill and
// protocol fee — whoever pays it.
import fc from 'fast-check'
import { zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import type { TokenGroup } from '../../tokens/tokenList'
import { buildCost } from '../build/buildCost'
import { tokenRequirements } from '../build/tokenRequirements'
import { eth, GWEI, type Holding, planInput, routeState, token, typicalL1, usdc } from '../fixtures'
import type { FundingMethod, Layer } from '../settlementLayers'
import { planRoute } from './planRoute'
import { evaluate, groupElements, planCostUsd8 } from './pricing'
import { drawScheme } from './search'
import { allSources, schemeSources } from './sources'
import { type Allocation, type Delivery, MAX_UINT256, type Plan, type PlanInput, SCHEMES, type Source } from './types'

const fundings = (plan: Plan) => new Set(plan.allocations.map((a) => a.funding))
const chainsOf = (plan: Plan) => [...new Set(plan.allocations.map((a) => a.chainId))].sort((a, b) => a - b)
const spentBy = (plan: Plan, request: number | 'fee') => plan.allocations.filter((a) => a.request === request).reduce((s, a) => s + a.amount, 0n)

/** Every invariant a plan must keep (fulfilled or not). */
function expectValid(input: PlanInput, plan: Plan) {
  expect(fundings(plan).size, 'one signing scheme').toBeLessThanOrEqual(1)
  const elements = groupElements(plan.allocations) // throws on two funding methods or layers on a chain
  expect(new Set(elements.map((e) => e.chainId)).size, 'one element per chain').toBe(elements.length)
  for (const a of plan.allocations) {
    expect(a.amount).toBeGreaterThan(0n)
    expect(a.amount).toBeLessThanOrEqual(MAX_UINT256)
  }
  // No balance used twice: per lock / per unlocked balance, and per access-list cap.
  const used = new Map<string, bigint>()
  const byOrigin = new Map<string, { token: Allocation['origin']; amount: bigint }>()
  for (const a of plan.allocations) {
    const key = `${a.chainId}:${a.origin.address}:${a.funding === 'COMPACT' ? a.lockTag : 'unlocked'}`
    used.set(key, (used.get(key) ?? 0n) + a.amount)
    const o = byOrigin.get(`${a.chainId}:${a.origin.address}`) ?? { token: a.origin, amount: 0n }
    o.amount += a.amount
    byOrigin.set(`${a.chainId}:${a.origin.address}`, o)
  }
  for (const [key, amount] of used) {
    const [chainId, address, side] = key.split(':')
    const balance = input.state.chains.get(Number(chainId))!.balances.find((b) => b.token.address === address)!
    const held = side === 'unlocked' ? balance.unlocked : balance.locks.find((l) => l.lockTag === side)!.amount
    expect(amount, `drawn from ${key}`).toBeLessThanOrEqual(held)
  }
  for (const { token: t, amount } of byOrigin.values()) {
    const cap = input.access.cap(t)
    if (cap !== undefined) expect(amount, `cap on ${t.symbol}@${t.chainId}`).toBeLessThanOrEqual(cap)
  }
  for (const d of plan.deliveries) {
    expect(d.target).toBeLessThanOrEqual(MAX_UINT256)
    expect(d.allocated).toBeLessThanOrEqual(MAX_UINT256)
  }
  expect(plan.fees.charge).toBeLessThanOrEqual(MAX_UINT256)
  if (plan.fulfilled) {
    const feeRequest = input.requests.findIndex((r) => r.token.extensions.group === input.feeGroup)
    input.requests.forEach((r, i) => {
      if (r.amount === undefined) return
      expect(spentBy(plan, i), `request ${i}`).toBe(r.amount + (i === feeRequest ? plan.fees.charge : 0n))
    })
    if (feeRequest === -1) expect(spentBy(plan, 'fee')).toBe(plan.fees.charge)
  }
}

/** Numbers and decimal strings anywhere in a value, for the 2^256 − 1 bound. */
function* amountsIn(value: unknown): Generator<bigint> {
  if (typeof value === 'bigint') yield value
  else if (typeof value === 'string' && /^\d+$/.test(value)) yield BigInt(value)
  else if (value instanceof Map) for (const v of value.values()) yield* amountsIn(v)
  else if (Array.isArray(value)) for (const v of value) yield* amountsIn(v)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) yield* amountsIn(v)
}

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

  it('neither scheme alone covers 1000: not fulfilled, still one scheme, the shortfall counts what one scheme can give', () => {
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
  })

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

  it('USDT0 over OFT from 10 and a little USDT0 on the destination: only NO_FUNDING, never a Permit2 element beside it', () => {
    const oft = { adapter: '0x1111111111111111111111111111111111111111' as const, dstEid: 30110, nativeFee: 10n ** 14n, amountSentLD: 1_000_000n, amountReceivedLD: 1_000_000n }
    const state = routeState({
      holdings: [
        { chainId: 10, symbol: 'USDT0', unlocked: usdc(500) },
        { chainId: 10, symbol: 'ETH', unlocked: eth(0.01) },
        { chainId: 42161, symbol: 'USDT0', unlocked: usdc(50) },
      ],
      oft: { 10: oft },
    })
    const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDT0', amount: usdc(100) }] })
    const plan = planRoute(input)
    expect(plan.fulfilled).toBe(true)
    expect([...fundings(plan)]).toEqual(['NO_FUNDING'])
    expect(plan.allocations.every((a) => a.layer === 'OFT')).toBe(true)
    expectValid(input, plan)
  })
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

  it('a lock and an unlocked balance of one token on one chain are never combined: 150 + 150 for 200 is a shortfall', () => {
    const state = routeState({ holdings: [{ chainId: 8453, symbol: 'USDC', locked: usdc(150), unlocked: usdc(150) }] })
    const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(200) }] })
    const plan = planRoute(input)
    expect(plan.fulfilled).toBe(false)
    expect(fundings(plan).size).toBe(1)
    expect(groupElements(plan.allocations)).toHaveLength(1)
    expect(plan.deliveries[0]!.allocated).toBe(usdc(150))
    expectValid(input, plan)
  })

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
    const base = { chainId: 8453, token: token(8453, 'USDC'), origin: token(8453, 'USDC'), wrapsNative: false, available: 1n, amount: 1n, request: 0 } as const
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
  it('equal gas everywhere, a few USDC on the destination and plenty on Base: Base alone beats "destination first"', () => {
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
      [{ request: 0, token: input.requests[0]!.token, target: usdc(1000), allocated: usdc(1000) + charge, fulfilled: true }],
      charge,
    )
    const [mine, theirs] = [planCostUsd8(input, plan), planCostUsd8(input, old)]
    expect(mine).toBeLessThan(theirs)
    expect(Number(theirs - mine) / Number(mine)).toBeGreaterThan(0.05)
  })

  it('the layer follows what the whole element moves: RELAY for 50 USDC, ECO for 150, ACROSS for 500', () => {
    for (const [amount, layer] of [
      [50, 'RELAY'],
      [150, 'ECO'],
      [500, 'ACROSS'],
    ] as const) {
      const state = routeState({ holdings: [{ chainId: 8453, symbol: 'USDC', unlocked: usdc(1000) }] })
      const plan = planRoute(planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: usdc(amount) }] }))
      expect(plan.allocations.map((a) => a.layer)).toEqual([layer])
    }
  })

  it('no chain has enough: the destination is drained, the rest from the two others, tokenOut sums to the request', () => {
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
  })

  it('fee in another asset: ETH moves exactly the request, the fee comes from USDC on the destination', () => {
    const state = routeState({
      holdings: [
        { chainId: 8453, symbol: 'ETH', unlocked: eth(0.5) },
        { chainId: 42161, symbol: 'USDC', unlocked: usdc(20) },
      ],
    })
    const input = planInput(state, { destination: 42161, requests: [{ symbol: 'ETH', amount: eth(0.1) }], feeGroup: 'USDC' })
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
    const input = planInput(state, { destination: 42161, requests: [{ symbol: 'USDC', amount: MAX_UINT256 }], feeGroup: 'ETH' })
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
const TOLERANCE_USD8 = 1_000n

function bruteMin(input: PlanInput, sources: ReadonlyMap<TokenGroup, Source[]>, charge: bigint): bigint | undefined {
  const feeRequest = input.requests.findIndex((r) => r.token.extensions.group === input.feeGroup)
  const groups = [...sources.keys()]
  const perGroup = groups.map((group) => {
    const takers: { request: number | 'fee'; need: bigint }[] = []
    input.requests.forEach((r, i) => {
      if (r.token.extensions.group === group) takers.push({ request: i, need: r.amount! + (i === feeRequest ? charge : 0n) })
    })
    if (feeRequest === -1 && group === input.feeGroup) takers.push({ request: 'fee', need: charge })
    const need = takers.reduce((s, t) => s + t.need, 0n)
    const list = (sources.get(group) ?? []).map((s) => {
      const cap = input.access.cap(s.origin)
      return { s, limit: cap !== undefined && cap < s.available ? cap : s.available }
    })
    const vertices: { s: Source; amount: bigint }[][] = []
    if (need === 0n) vertices.push([])
    for (let mask = 0; mask < 1 << list.length; mask++) {
      const full = list.filter((_, j) => mask & (1 << j))
      const sum = full.reduce((t, x) => t + x.limit, 0n)
      if (sum >= need) continue
      list.forEach((r, j) => {
        if (mask & (1 << j) || sum + r.limit < need) return
        vertices.push([...full.map((x) => ({ s: x.s, amount: x.limit })), { s: r.s, amount: need - sum }])
      })
    }
    return { takers, vertices }
  })
  let best: bigint | undefined
  const pick = (g: number, chosen: { s: Source; amount: bigint; takers: (typeof perGroup)[number]['takers'] }[][]): void => {
    if (g === perGroup.length) {
      assignLayers(chosen)
      return
    }
    for (const v of perGroup[g]!.vertices) pick(g + 1, [...chosen, v.map((x) => ({ ...x, takers: perGroup[g]!.takers }))])
  }
  const assignLayers = (chosen: { s: Source; amount: bigint; takers: { request: number | 'fee'; need: bigint }[] }[][]) => {
    const flat = chosen.flat()
    const chains = [...new Set(flat.map((x) => x.s.chainId))]
    const options = chains.map((c) => (['SAME_CHAIN', 'ACROSS', 'ECO', 'RELAY', 'OFT'] as Layer[]).filter((l) => flat.every((x) => x.s.chainId !== c || x.s.layers.includes(l))))
    const walk = (i: number, layers: Layer[]): void => {
      if (i < chains.length) {
        for (const l of options[i]!) walk(i + 1, [...layers, l])
        return
      }
      const allocations: Allocation[] = []
      for (const group of chosen) {
        const left = new Map<number | 'fee', bigint>()
        for (const x of group) {
          let rest = x.amount
          for (const t of x.takers) {
            const open = t.need - (left.get(t.request) ?? 0n)
            const part = open < rest ? open : rest
            if (part <= 0n) continue
            left.set(t.request, (left.get(t.request) ?? 0n) + part)
            const { layers: _, ...source } = x.s
            allocations.push({ ...source, amount: part, request: t.request, layer: layers[chains.indexOf(x.s.chainId)]! })
            rest -= part
          }
        }
      }
      const deliveries: Delivery[] = input.requests.map((r, i) => {
        const allocated = allocations.filter((a) => a.request === i).reduce((s, a) => s + a.amount, 0n)
        return { request: i, token: r.token, target: r.amount!, allocated, fulfilled: allocated >= r.amount! + (i === feeRequest ? charge : 0n) }
      })
      const plan = evaluate(input, allocations, deliveries, charge)
      if (!plan.fulfilled) return
      const cost = planCostUsd8(input, plan)
      if (best === undefined || cost < best) best = cost
    }
    walk(0, [])
  }
  if (perGroup.every((g) => g.vertices.length > 0)) pick(0, [])
  return best
}

const CHAIN_IDS = [1, 10, 8453, 42161] as const
const amountOf = (group: 'USDC' | 'ETH') => (group === 'USDC' ? fc.bigInt({ min: 0n, max: usdc(3000) }) : fc.bigInt({ min: 0n, max: eth(2) }))
const holdingArb = fc.record({
  usdcUnlocked: fc.option(amountOf('USDC'), { nil: undefined }),
  usdcLocked: fc.option(amountOf('USDC'), { nil: undefined }),
  ethSymbol: fc.constantFrom('ETH', 'WETH'),
  ethUnlocked: fc.option(amountOf('ETH'), { nil: undefined }),
  ethLocked: fc.option(amountOf('ETH'), { nil: undefined }),
  gasPrice: fc.bigInt({ min: 1_000_000n, max: 50n * GWEI }),
  l1: fc.boolean(),
})
const stateArb = fc
  .record({
    chains: fc.subarray([...CHAIN_IDS], { minLength: 2, maxLength: 4 }),
    holdings: fc.tuple(holdingArb, holdingArb, holdingArb, holdingArb),
    destination: fc.nat({ max: 3 }),
    requests: fc.constantFrom<('USDC' | 'ETH')[]>(['USDC'], ['ETH'], ['USDC', 'ETH'], ['ETH', 'USDC']),
    usdcAmount: fc.bigInt({ min: 1n, max: usdc(4000) }),
    ethAmount: fc.bigInt({ min: 1n, max: eth(2.5) }),
    feeGroup: fc.constantFrom<TokenGroup | undefined>(undefined, 'USDC', 'ETH'),
    capOn: fc.option(fc.record({ chain: fc.nat({ max: 3 }), amount: fc.bigInt({ min: 0n, max: usdc(1500) }) }), { nil: undefined }),
  })
  .map((s) => {
    const holdings: Holding[] = []
    const gasPrice: Record<number, bigint> = {}
    const l1: Record<number, typeof typicalL1> = {}
    s.chains.forEach((chainId, i) => {
      const h = s.holdings[i]!
      holdings.push({ chainId, symbol: 'USDC', unlocked: h.usdcUnlocked ?? 0n, locked: h.usdcLocked ?? 0n })
      holdings.push({ chainId, symbol: h.ethSymbol, unlocked: h.ethUnlocked ?? 0n, locked: h.ethLocked ?? 0n })
      gasPrice[chainId] = h.gasPrice
      if (h.l1 && (chainId === 10 || chainId === 8453)) l1[chainId] = typicalL1
    })
    const state = routeState({ holdings, gasPrice, l1, chains: s.chains })
    const destination = s.chains[s.destination % s.chains.length]!
    const capChain = s.capOn ? s.chains[s.capOn.chain % s.chains.length] : undefined
    const access = {
      allows: () => true,
      cap: (t: { chainId: number; extensions: { group: TokenGroup } }) => (capChain !== undefined && t.chainId === capChain && t.extensions.group === 'USDC' ? s.capOn!.amount : undefined),
    }
    const requests = s.requests.map((symbol) => ({ symbol, amount: symbol === 'USDC' ? s.usdcAmount : s.ethAmount }))
    const input = planInput(state, { destination, requests, access, ...(s.feeGroup ? { feeGroup: s.feeGroup } : {}) })
    return input
  })

describe('property: never dearer than the brute force, always valid', () => {
  it('for a fixed fee, each scheme’s plan costs no more than the cheapest valid plan of that scheme', () => {
    fc.assert(
      fc.property(stateArb, fc.bigInt({ min: 0n, max: 5_000_000n }), (input, rawCharge) => {
        // A fee in the fee group's units: up to $5 (USDC) or its ETH equivalent.
        const charge = input.feeGroup === 'ETH' ? (rawCharge * 10n ** 12n) / 3000n : rawCharge
        const all = allSources(input)
        for (const scheme of SCHEMES as readonly FundingMethod[]) {
          const sources = schemeSources(all, scheme)
          if (![...sources.values()].some((s) => s.length > 0)) continue
          const plan = drawScheme(input, sources, charge)
          expectValid(input, plan)
          const brute = bruteMin(input, sources, charge)
          if (brute === undefined) {
            expect(plan.fulfilled, `${scheme}: the brute force finds no valid plan`).toBe(false)
            continue
          }
          expect(plan.fulfilled, `${scheme}: the brute force fulfils`).toBe(true)
          expect(planCostUsd8(input, plan), `${scheme}: cost vs brute force`).toBeLessThanOrEqual(brute + TOLERANCE_USD8)
        }
      }),
      { numRuns: 150, seed: 20240611, endOnFailure: true },
    )
  })

  it('planRoute: every plan keeps the invariants, and a fulfilled one is no dearer than any scheme’s best at its fee', () => {
    fc.assert(
      fc.property(stateArb, (input) => {
        const plan = planRoute(input)
        expectValid(input, plan)
        const all = allSources(input)
        const bests = (SCHEMES as readonly FundingMethod[]).map((scheme) => bruteMin(input, schemeSources(all, scheme), plan.fees.charge)).filter((b) => b !== undefined)
        if (!plan.fulfilled) return
        expect(plan.caused, 'collects what it causes').toBeLessThanOrEqual(plan.fees.charge)
        const cheapest = bests.reduce((a, b) => (b < a ? b : a))
        expect(planCostUsd8(input, plan)).toBeLessThanOrEqual(cheapest + TOLERANCE_USD8)
      }),
      { numRuns: 150, seed: 20240612, endOnFailure: true },
    )
  })
})
