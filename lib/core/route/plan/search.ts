// One scheme, one fee: the cheapest allocation. Enumerates the vertices of each asset's polytope
// (sources drawn in full plus one residual), scores combinations in floating point, and prices the
// best few exactly (see planRoute.ts for why this is exact).

import type { TokenGroup } from '../../tokens/tokenList'
import type { TokenInfo } from '../../tokens/tokens'
import { toUsd8 } from '../feeModel'
import { allLayersMask, layerBit } from '../settlementLayers'
import { type Candidate, type GroupDemand, type Kind, LAYERS, materialize } from './materialise'
import { originGasUsd8, planCostUsd8, price } from './pricing'
import { groupsOf } from './sources'
import { MAX_UINT256, type Plan, type PlanInput, type Source } from './types'

/** Sources of one asset enumerated exactly (2^n · n vertices). */
const MAX_KINDS_EXACT = 12
/** Combinations of per-asset vertices scored per draw. */
const COMBO_BUDGET = 20_000
/** Best-scoring combinations priced exactly: those within FLOAT_SLACK_USD8 of the best score
 * (float rounding and per-allocation rounding of bps and USD conversions stay far below it). */
const FINALISTS = 6
const FLOAT_SLACK_USD8 = 5_000

/** The cheapest plan drawing only on `sources` (one scheme) that collects `feeCharge`. */
export function drawScheme(input: PlanInput, sources: ReadonlyMap<TokenGroup, Source[]>, feeCharge: bigint): Plan {
  return schemeDrawer(input, sources)(feeCharge)
}

/** drawScheme for one scheme at any fee: what does not depend on the fee (the chain tables, each
 * group's sources by kind) is built once, since the fee's fixed point draws the same scheme again. */
export function schemeDrawer(
  input: PlanInput,
  sources: ReadonlyMap<TokenGroup, Source[]>,
): (feeCharge: bigint) => Plan {
  const { requests, destinationChainId: destination } = input
  const feeTaker = requests.find((r) => r.token.extensions.group === input.feeGroup)
  const feeRequest = feeTaker ? requests.indexOf(feeTaker) : -1

  // Chain tables for scoring.
  const chainIds = [...new Set([...sources.values()].flatMap((s) => s.map((x) => x.chainId)))]
  const chainIndex = new Map(chainIds.map((id, i) => [id, i]))
  const funding = [...sources.values()].flat()[0]?.funding ?? 'PERMIT2'
  const maxTokens = Math.max(1, ...[...sources.values()].map((s) => s.length)) * sources.size
  const gasTable = chainIds.map((id) => {
    const chain = input.state.chains.get(id)
    if (!chain) throw new Error(`planRoute: no state for source chain ${id}`)
    return Array.from({ length: maxTokens + 1 }, (_, k) =>
      k === 0 ? 0 : Number(originGasUsd8(input, chain, funding, k)),
    )
  })
  const layerTable = chainIds.map((id) =>
    LAYERS.map((layer) => {
      if (layer === 'SAME_CHAIN') return { layer, fixed: 0, rate: 0, native: 0 }
      if (layer === 'OFT') {
        const q = input.state.chains.get(id)?.oftQuote
        const rate = q && q.amountSentLD > 0n ? Number(q.amountSentLD - q.amountReceivedLD) / Number(q.amountSentLD) : 0
        return { layer, fixed: 0, rate, native: q ? Number(toUsd8(q.nativeFee, 18, price(input, 'ETH'))) : 0 }
      }
      const fee = input.model.bridge[layer]
      return { layer, fixed: Number(fee.fixedUsd8), rate: Number(fee.bps) / 10_000, native: 0 }
    }),
  )
  const groupKinds = groupsOf(input).map((group) => {
    const feeOnly = feeRequest === -1 && group === input.feeGroup
    return { group, feeOnly, kinds: kindsOf(input, group, sources.get(group) ?? [], feeOnly, chainIndex, gasTable) }
  })
  return draw

  function draw(feeCharge: bigint): Plan {
    let fee = feeCharge > MAX_UINT256 ? MAX_UINT256 : feeCharge
    let clamped = fee !== feeCharge
    const feeAmount = feeTaker?.amount
    if (feeAmount !== undefined && feeAmount + fee > MAX_UINT256) {
      fee = MAX_UINT256 - feeAmount
      clamped = true
    }

    // Demands per group.
    const demands: GroupDemand[] = []
    for (const { group, feeOnly, kinds } of groupKinds) {
      const takers: GroupDemand['takers'] = []
      requests.forEach((r, i) => {
        if (r.token.extensions.group !== group) return
        takers.push({ request: i, need: r.amount === undefined ? undefined : r.amount + (i === feeRequest ? fee : 0n) })
      })
      if (feeOnly) takers.push({ request: 'fee', need: fee })
      // A max request takes what the others leave.
      takers.sort((a, b) => Number(a.need === undefined) - Number(b.need === undefined))
      demands.push({ group, kinds, takers, candidates: [] })
    }

    // Vertices per group (a group needing everything, or more than it has, has one: all of it).
    for (const d of demands) {
      const everything = d.takers.some((t) => t.need === undefined)
      const need = d.takers.reduce((s, t) => s + (t.need ?? 0n), 0n)
      const total = d.kinds.reduce((s, k) => s + k.cap, 0n)
      if (everything || need >= total) {
        let left = everything ? MAX_UINT256 : need
        const amounts = d.kinds.map((k) => {
          const take = k.cap < left ? k.cap : left
          left -= take
          return take
        })
        d.candidates = [
          candidate(
            d.kinds,
            d.kinds.map((_, i) => i),
            amounts,
          ),
        ]
      } else if (need === 0n) {
        d.candidates = [
          candidate(
            d.kinds,
            [],
            d.kinds.map(() => 0n),
          ),
        ]
      } else {
        d.candidates = vertices(d.kinds, need, layerTable, gasTable)
      }
    }

    // Score combinations (pruned to the budget by each group's score alone), price the best exactly.
    const scorer = makeScorer(demands, chainIds, destination, gasTable, layerTable)
    const lists = demands.map((d, gi) => {
      if (d.candidates.length === 1) return d.candidates
      return d.candidates
        .map((c) => ({
          c,
          s: scorer(demands.map((o, j) => (j === gi ? c : o.candidates.length === 1 ? o.candidates[0] : undefined))),
        }))
        .sort((x, y) => x.s - y.s)
        .map((x) => x.c)
    })
    let size = lists.reduce((n, l) => n * l.length, 1)
    while (size > COMBO_BUDGET) {
      // The first longest list (size > 0, so every list has at least one candidate).
      let longest = 0
      let longestList: Candidate[] = []
      for (const [i, l] of lists.entries()) {
        if (l.length > longestList.length) {
          longest = i
          longestList = l
        }
      }
      const kept = Math.max(1, Math.floor(longestList.length / 2))
      size = (size / longestList.length) * kept
      lists[longest] = longestList.slice(0, kept)
    }
    const finalists: { parts: Candidate[]; score: number }[] = []
    const combo: Candidate[] = []
    const walk = (g: number) => {
      const list = lists[g]
      if (list === undefined) {
        // Past the last group: score the combination. The worst kept exists once FINALISTS are kept.
        const score = scorer(combo)
        const worst = finalists[FINALISTS - 1]
        if (worst === undefined || score < worst.score) {
          finalists.push({ parts: [...combo], score })
          finalists.sort((a, b) => a.score - b.score)
          if (finalists.length > FINALISTS) finalists.pop()
        }
        return
      }
      for (const c of list) {
        combo[g] = c
        walk(g + 1)
      }
    }
    walk(0)

    const [top] = finalists
    if (!top) throw new Error('planRoute: no combination of sources was scored')
    let best: { plan: Plan; cost: bigint } | undefined
    for (const f of finalists.filter((x) => x.score <= top.score + FLOAT_SLACK_USD8)) {
      const plan = materialize(input, demands, f.parts, fee, clamped, feeRequest)
      const cost = planCostUsd8(input, plan)
      if (!best || cost < best.cost) best = { plan, cost }
    }
    // The best-scoring finalist always passes the filter above.
    if (!best) throw new Error('planRoute: no finalist was priced')
    return best.plan
  }
}

function candidate(kinds: readonly Kind[], order: number[], amounts: bigint[]): Candidate {
  const usd = amounts.map((a, i) => Number(a) * (kinds[i] ?? missing(`amount ${i} has no source kind`)).usd8PerUnit)
  return { order, amounts, usd }
}

/** A search table lacks an entry its own construction guarantees: a planner bug, not a case to handle.
 * Used as `table[i] ?? missing(...)`, so the message is only built when the entry is absent. */
function missing(what: string): never {
  throw new Error(`planRoute: ${what}`)
}

/** Origin gas (USD8, float) of claiming one token on the chain at `chain` in the chain tables. */
function oneTokenGas(gasTable: readonly (readonly number[])[], chain: number): number {
  return gasTable[chain]?.[1] ?? missing(`no one-token gas for chain index ${chain}`)
}

/** One group's sources by claimed token and chain, with their caps, cheapest chains first. */
function kindsOf(
  input: PlanInput,
  group: TokenGroup,
  sources: readonly Source[],
  feeOnly: boolean,
  chainIndex: ReadonlyMap<number, number>,
  gasTable: number[][],
): Kind[] {
  const byKey = new Map<string, Source[]>()
  for (const s of sources) {
    const key = `${s.chainId}:${s.token.address}`
    byKey.set(key, [...(byKey.get(key) ?? []), s])
  }
  const p = price(input, group)
  const kinds: Kind[] = []
  for (const list of byKey.values()) {
    // Unlocked WETH before wrapping native ETH; larger locks first (fewer tokens claimed).
    const ordered = [...list].sort(
      (a, b) =>
        Number(a.wrapsNative) - Number(b.wrapsNative) ||
        (a.available > b.available ? -1 : a.available < b.available ? 1 : 0),
    )
    const byOrigin = new Map<TokenInfo, bigint>()
    for (const s of ordered) byOrigin.set(s.origin, (byOrigin.get(s.origin) ?? 0n) + s.available)
    let cap = 0n
    for (const [origin, available] of byOrigin) {
      const limit = input.access.cap(origin)
      cap += limit !== undefined && limit < available ? limit : available
    }
    if (cap === 0n) continue
    const [first] = ordered
    if (!first) throw new Error(`planRoute: ${group} sources with a cap of ${cap} but no source`)
    const chain = chainIndex.get(first.chainId)
    if (chain === undefined) throw new Error(`planRoute: source chain ${first.chainId} is not in the chain tables`)
    const layerMask = ordered.reduce((m, s) => m & s.layers.reduce((b, l) => b | layerBit(l), 0), allLayersMask)
    const decimals = first.token.decimals
    kinds.push({
      group,
      chainId: first.chainId,
      chain,
      sources: ordered,
      cap,
      layerMask,
      usd8PerUnit: (Number(p.answer) * 1e8) / 10 ** (decimals + p.decimals),
      feeOnly,
    })
  }
  const destination = input.destinationChainId
  return kinds.sort(
    (a, b) =>
      Number(b.chainId === destination) - Number(a.chainId === destination) ||
      oneTokenGas(gasTable, a.chain) - oneTokenGas(gasTable, b.chain) ||
      a.chainId - b.chainId,
  )
}

/** Every vertex of {Σ amounts = need, 0 ≤ amount ≤ cap}: a set drawn in full plus one residual. */
function vertices(
  allKinds: Kind[],
  need: bigint,
  layerTable: { fixed: number; rate: number }[][],
  gasTable: number[][],
): Candidate[] {
  let kinds = allKinds.map((k, i) => ({ k, i }))
  if (kinds.length > MAX_KINDS_EXACT) {
    // Keep the sources cheapest per unit for what they could give (documented approximation).
    const perUnit = ({ k }: { k: Kind }) => {
      const usd = Number(k.cap < need ? k.cap : need) * k.usd8PerUnit
      const layers = layerTable[k.chain] ?? missing(`no layers for chain index ${k.chain}`)
      const bridge = Math.min(...layers.filter((_, li) => k.layerMask & (1 << li)).map((l) => l.fixed + l.rate * usd))
      return (oneTokenGas(gasTable, k.chain) + bridge) / usd
    }
    kinds = [...kinds]
      .sort((a, b) => perUnit(a) - perUnit(b))
      .slice(0, MAX_KINDS_EXACT)
      .sort((a, b) => a.i - b.i)
  }
  const m = kinds.length
  const sums: bigint[] = new Array<bigint>(1 << m)
  sums[0] = 0n
  for (let mask = 1; mask < 1 << m; mask++) {
    const low = mask & -mask
    const lowest = kinds[31 - Math.clz32(low)] ?? missing(`no kind for bit ${low} of subset ${mask}`)
    sums[mask] = (sums[mask ^ low] ?? missing(`no sum for subset ${mask ^ low}`)) + lowest.k.cap
  }
  const out: Candidate[] = []
  for (let mask = 0; mask < 1 << m; mask++) {
    const full = sums[mask] ?? missing(`no sum for subset ${mask}`)
    if (full >= need) continue
    for (let r = 0; r < m; r++) {
      const residual = kinds[r] ?? missing(`no kind ${r} of ${m}`)
      if (mask & (1 << r) || full + residual.k.cap < need) continue
      const amounts = allKinds.map(() => 0n)
      const order: number[] = []
      for (let j = 0; j < m; j++) {
        if (!(mask & (1 << j))) continue
        const drawn = kinds[j] ?? missing(`no kind ${j} of ${m}`)
        amounts[drawn.i] = drawn.k.cap
        order.push(drawn.i)
      }
      amounts[residual.i] = need - full
      order.push(residual.i)
      out.push(candidate(allKinds, order, amounts))
    }
  }
  return out
}

/** Float estimate of a combination's source-dependent cost (USD, 8 decimals): gas + bridge + native. */
function makeScorer(
  demands: readonly GroupDemand[],
  chainIds: readonly number[],
  destination: number,
  gasTable: number[][],
  layerTable: { fixed: number; rate: number; native: number }[][],
) {
  const n = chainIds.length
  const tokens = new Int32Array(n)
  const bridged = new Float64Array(n)
  const masks = new Int32Array(n)
  return (parts: readonly (Candidate | undefined)[]): number => {
    tokens.fill(0)
    bridged.fill(0)
    masks.fill(allLayersMask)
    parts.forEach((c, g) => {
      if (!c) return
      const kinds = (demands[g] ?? missing(`no demand for group ${g}`)).kinds
      for (const i of c.order) {
        if (c.amounts[i] === 0n) continue
        const k = kinds[i] ?? missing(`group ${g} has no kind ${i}`)
        const ch = k.chain
        tokens[ch] = (tokens[ch] ?? missing(`no chain index ${ch} among ${n}`)) + 1
        if (!k.feeOnly) {
          const usd = c.usd[i] ?? missing(`group ${g} has no USD value for kind ${i}`)
          bridged[ch] = (bridged[ch] ?? missing(`no chain index ${ch} among ${n}`)) + usd
        }
        masks[ch] = (masks[ch] ?? missing(`no chain index ${ch} among ${n}`)) & k.layerMask
      }
    })
    let total = 0
    for (let c = 0; c < n; c++) {
      const count = tokens[c] ?? missing(`no chain index ${c} among ${n}`)
      if (count === 0) continue
      total += gasTable[c]?.[count] ?? missing(`no gas for ${count} tokens on chain index ${c}`)
      if (chainIds[c] === destination) continue
      const mask = masks[c] ?? missing(`no chain index ${c} among ${n}`)
      const moved = bridged[c] ?? missing(`no chain index ${c} among ${n}`)
      const layers = layerTable[c] ?? missing(`no layers for chain index ${c}`)
      let best = Infinity
      layers.forEach((l, li) => {
        if (!(mask & (1 << li))) return
        const cost = (moved > 0 ? l.fixed + l.rate * moved : 0) + l.native
        if (cost < best) best = cost
      })
      total += best
    }
    // Whole USD8 units: float noise never reorders plans whose exact costs tie (enumeration order decides).
    return Math.round(total)
  }
}
