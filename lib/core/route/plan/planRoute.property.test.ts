// The planner on hand-built states (lib/core/route/fixtures.ts), imported stage by stage: never
// dearer than a brute force over small generated states, always valid.
//
// The objective both the planner and the brute force minimise is planCostUsd8: the route's whole
// cost in USD (8 decimals) — origin gas, bridge fees, LayerZero native fees, destination fill and
// protocol fee — whoever pays it.
// Every plan is also checked against planChecks.ts (one scheme, one element per chain, amounts
// within bounds and holdings).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TokenGroup } from '../../tokens/tokenList'
import { eth, GWEI, type Holding, planInput, routeState, typicalL1, usdc } from '../fixtures'
import { type FundingMethod, type Layer, layerNames } from '../settlementLayers'
import { expectValid } from './planChecks'
import { planRoute } from './planRoute'
import { evaluate, planCostUsd8 } from './pricing'
import { drawScheme } from './search'
import { allSources, schemeSources } from './sources'
import { type Allocation, type Delivery, type PlanInput, SCHEMES, type Source } from './types'

const TOLERANCE_USD8 = 1_000n

function bruteMin(input: PlanInput, sources: ReadonlyMap<TokenGroup, Source[]>, charge: bigint): bigint | undefined {
  const feeRequest = input.requests.findIndex((r) => r.token.extensions.group === input.feeGroup)
  const groups = [...sources.keys()]
  const perGroup = groups.map((group) => {
    const takers: { request: number | 'fee'; need: bigint }[] = []
    input.requests.forEach((r, i) => {
      if (r.token.extensions.group === group)
        takers.push({ request: i, need: r.amount! + (i === feeRequest ? charge : 0n) })
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
  const pick = (
    g: number,
    chosen: { s: Source; amount: bigint; takers: (typeof perGroup)[number]['takers'] }[][],
  ): void => {
    if (g === perGroup.length) {
      assignLayers(chosen)
      return
    }
    for (const v of perGroup[g]!.vertices)
      pick(g + 1, [...chosen, v.map((x) => ({ ...x, takers: perGroup[g]!.takers }))])
  }
  const assignLayers = (
    chosen: { s: Source; amount: bigint; takers: { request: number | 'fee'; need: bigint }[] }[][],
  ) => {
    const flat = chosen.flat()
    const chains = [...new Set(flat.map((x) => x.s.chainId))]
    const options = chains.map((c) =>
      layerNames.filter((l) => flat.every((x) => x.s.chainId !== c || x.s.layers.includes(l))),
    )
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
            allocations.push({
              ...source,
              amount: part,
              request: t.request,
              layer: layers[chains.indexOf(x.s.chainId)]!,
            })
            rest -= part
          }
        }
      }
      const deliveries: Delivery[] = input.requests.map((r, i) => {
        const allocated = allocations.filter((a) => a.request === i).reduce((s, a) => s + a.amount, 0n)
        return {
          request: i,
          token: r.token,
          target: r.amount!,
          allocated,
          fulfilled: allocated >= r.amount! + (i === feeRequest ? charge : 0n),
        }
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
const amountOf = (group: 'USDC' | 'ETH') =>
  group === 'USDC' ? fc.bigInt({ min: 0n, max: usdc(3000) }) : fc.bigInt({ min: 0n, max: eth(2) })
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
    capOn: fc.option(fc.record({ chain: fc.nat({ max: 3 }), amount: fc.bigInt({ min: 0n, max: usdc(1500) }) }), {
      nil: undefined,
    }),
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
      cap: (t: { chainId: number; extensions: { group: TokenGroup } }) =>
        capChain !== undefined && t.chainId === capChain && t.extensions.group === 'USDC' ? s.capOn!.amount : undefined,
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
          expect(planCostUsd8(input, plan), `${scheme}: cost vs brute force`).toBeLessThanOrEqual(
            brute + TOLERANCE_USD8,
          )
        }
      }),
      { numRuns: 150, seed: 20240611, endOnFailure: true },
    )
  })

  it(
    'planRoute: every plan keeps the invariants, and a fulfilled ' +
      'one is no dearer than any scheme’s best at its fee',
    () => {
      fc.assert(
        fc.property(stateArb, (input) => {
          const plan = planRoute(input)
          expectValid(input, plan)
          const all = allSources(input)
          const bests = (SCHEMES as readonly FundingMethod[])
            .map((scheme) => bruteMin(input, schemeSources(all, scheme), plan.fees.charge))
            .filter((b) => b !== undefined)
          if (!plan.fulfilled) return
          expect(plan.caused, 'collects what it causes').toBeLessThanOrEqual(plan.fees.charge)
          const cheapest = bests.reduce((a, b) => (b < a ? b : a))
          expect(planCostUsd8(input, plan)).toBeLessThanOrEqual(cheapest + TOLERANCE_USD8)
        }),
        { numRuns: 150, seed: 20240612, endOnFailure: true },
      )
    },
  )
})
