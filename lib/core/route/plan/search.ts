// One scheme, one fee: the cheapest allocation. Enumerates the vertices of each asset's polytope
// (sources drawn in full plus one residual), scores combinations in floating point, and prices the
// best few exactly (see planRoute.ts for why this is exact).

import type { TokenGroup } from '../../tokens/tokenList'
import type { TokenInfo } from '../../tokens/tokens'
import { toUsd8 } from '../feeModel'
import type { Layer } from '../settlementLayers'
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

const LAYER_BIT: Record<Layer, number> = { SAME_CHAIN: 1, ACROSS: 2, ECO: 4, RELAY: 8, OFT: 16 }

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
  const feeRequest = requests.findIndex((r) => r.token.extensions.group === input.feeGroup)

  // Chain tables for scoring.
  const chainIds = [...new Set([...sources.values()].flatMap((s) => s.map((x) => x.chainId)))]
  const chainIndex = new Map(chainIds.map((id, i) => [id, i]))
  const funding = [...sources.values()].flat()[0]?.funding ?? 'PERMIT2'
  const maxTokens = Math.max(1, ...[...sources.values()].map((s) => s.length)) * sources.size
  const gasTable = chainIds.map((id) => {
    const chain = input.state.chains.get(id)!
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
    const feeAmount = feeRequest >= 0 ? requests[feeRequest]!.amount : undefined
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
      takers.sort((a, b) => Number(a.need === undefined) - Number(b.need === undefined)) // a max request takes what the others leave
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
          s: scorer(demands.map((o, j) => (j === gi ? c : o.candidates.length === 1 ? o.candidates[0]! : undefined))),
        }))
        .sort((x, y) => x.s - y.s)
        .map((x) => x.c)
    })
    let size = lists.reduce((n, l) => n * l.length, 1)
    while (size > COMBO_BUDGET) {
      const longest = lists.reduce((a, l, i) => (l.length > lists[a]!.length ? i : a), 0)
      const kept = Math.max(1, Math.floor(lists[longest]!.length / 2))
      size = (size / lists[longest]!.length) * kept
      lists[longest] = lists[longest]!.slice(0, kept)
    }
    const finalists: { parts: Candidate[]; score: number }[] = []
    const combo: Candidate[] = []
    const walk = (g: number) => {
      if (g === lists.length) {
        const score = scorer(combo)
        if (finalists.length < FINALISTS || score < finalists[finalists.length - 1]!.score) {
          finalists.push({ parts: [...combo], score })
          finalists.sort((a, b) => a.score - b.score)
          if (finalists.length > FINALISTS) finalists.pop()
        }
        return
      }
      for (const c of lists[g]!) {
        combo[g] = c
        walk(g + 1)
      }
    }
    walk(0)

    let best: { plan: Plan; cost: bigint } | undefined
    for (const f of finalists.filter((x) => x.score <= finalists[0]!.score + FLOAT_SLACK_USD8)) {
      const plan = materialize(input, demands, f.parts, fee, clamped, feeRequest)
      const cost = planCostUsd8(input, plan)
      if (!best || cost < best.cost) best = { plan, cost }
    }
    return best!.plan
  }
}

function candidate(kinds: readonly Kind[], order: number[], amounts: bigint[]): Candidate {
  return { order, amounts, usd: amounts.map((a, i) => Number(a) * kinds[i]!.usd8PerUnit) }
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
    const first = ordered[0]!
    const layerMask = ordered.reduce((m, s) => m & s.layers.reduce((b, l) => b | LAYER_BIT[l], 0), 31)
    const decimals = first.token.decimals
    kinds.push({
      group,
      chainId: first.chainId,
      chain: chainIndex.get(first.chainId)!,
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
      gasTable[a.chain]![1]! - gasTable[b.chain]![1]! ||
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
      const bridge = Math.min(
        ...layerTable[k.chain]!.filter((_, li) => k.layerMask & (1 << li)).map((l) => l.fixed + l.rate * usd),
      )
      return (gasTable[k.chain]![1]! + bridge) / usd
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
    sums[mask] = sums[mask ^ low]! + kinds[31 - Math.clz32(low)]!.k.cap
  }
  const out: Candidate[] = []
  for (let mask = 0; mask < 1 << m; mask++) {
    const full = sums[mask]!
    if (full >= need) continue
    for (let r = 0; r < m; r++) {
      if (mask & (1 << r) || full + kinds[r]!.k.cap < need) continue
      const amounts = allKinds.map(() => 0n)
      const order: number[] = []
      for (let j = 0; j < m; j++) {
        if (!(mask & (1 << j))) continue
        amounts[kinds[j]!.i] = kinds[j]!.k.cap
        order.push(kinds[j]!.i)
      }
      amounts[kinds[r]!.i] = need - full
      order.push(kinds[r]!.i)
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
    masks.fill(31)
    parts.forEach((c, g) => {
      if (!c) return
      const kinds = demands[g]!.kinds
      for (const i of c.order) {
        if (c.amounts[i] === 0n) continue
        const k = kinds[i]!
        tokens[k.chain]!++
        if (!k.feeOnly) bridged[k.chain]! += c.usd[i]!
        masks[k.chain]! &= k.layerMask
      }
    })
    let total = 0
    for (let c = 0; c < n; c++) {
      if (tokens[c] === 0) continue
      total += gasTable[c]![tokens[c]!]!
      if (chainIds[c] === destination) continue
      let best = Infinity
      layerTable[c]!.forEach((l, li) => {
        if (!(masks[c]! & (1 << li))) return
        const cost = (bridged[c]! > 0 ? l.fixed + l.rate * bridged[c]! : 0) + l.native
        if (cost < best) best = cost
      })
      total += best
    }
    // Whole USD8 units: float noise never reorders plans whose exact costs tie (enumeration order decides).
    return Math.round(total)
  }
}
