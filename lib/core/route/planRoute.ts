// Plans where the money for a route comes from.
//
// The rule. A route is signed with ONE scheme (the client looks at the whole route: any
// INTENT_EXECUTOR element → SingleChainOps for all, else any PERMIT2 element → a Permit2 signature
// for all, else The Compact), and one nonce covers every element (Permit2 nonces are single-use per
// owner, The Compact consumes its nonce per chain). So every plan is:
//   - one funding method for all its allocations: all COMPACT (locked funds), all PERMIT2 (unlocked
//     ERC-20s, native ETH wrapped to WETH first) or all NO_FUNDING (OFT sends run by the intent
//     executor) — never a mix;
//   - at most one element per source chain: everything drawn on a chain shares one settlement layer
//     (the one cheapest for what that chain moves) and one funding method.
// Each scheme that has sources is planned on its own, and the cheapest plan that fulfils every
// request and the fee wins (ties: COMPACT, then PERMIT2, then NO_FUNDING; with a max request, the
// plan that delivers the most wins first). When no scheme fulfils, the plan that covers the most —
// the USD value of everything it draws, which is capped at what is needed — is returned so the
// shortfall report names what is really missing (ties: the cheaper).
//
// The objective minimised is the route's total cost in USD (8 decimals) under the fee model, who
// ever pays it: origin claim gas per element (base + per token, plus the OP-stack L1 data fee), the
// fixed bridge fee once per element that bridges, the proportional bridge fee (bps, or what an OFT
// keeps), LayerZero's native fee, the destination fill and the protocol fee (the last two do not
// depend on the sources). See planCostUsd8.
//
// Why the search is exact. For a given fee, a source chain costs a fixed charge once used (its
// claim gas, per token drawn, and the fixed bridge fee) plus, per layer, a linear part in what it
// moves; the cheapest layer for an amount makes a chain's cost a concave function of its amounts.
// A concave cost over the polytope {Σ amounts of an asset = need, 0 ≤ amount ≤ available/cap} is
// smallest at a vertex: per asset, every source used is drawn to its limit except at most one (the
// residual). The planner enumerates those vertices (per asset: the set drawn in full and the
// residual; for several assets, their combinations), scores them in floating point, prices the best
// few (within a rounding slack) exactly and keeps the cheapest. With more than MAX_KINDS_EXACT sources of one asset, or more
// than COMBO_BUDGET combinations across assets, it keeps the best-scoring ones only (documented
// approximation; never reached for one asset on ≤ 12 chains, or two assets on ≤ 4 chains).
//
// Fees depend on the sources and the sources on the fees, so each scheme's plan is re-drawn until
// the fee it collects is the fee it causes (or, failing an exact fixed point, covers it).
// Within a source, unlocked WETH is spent before native ETH is wrapped (a wrap costs the user a
// transaction). No balance is used twice, and access-list caps (`access.cap`) bound each
// (chain, token) across requests. No amount in a plan exceeds 2^256 − 1: a max request draws at
// most that much, and a fee that would push a request past it is clamped (the plan is then not
// fulfilled).

import type { TokenGroup } from '../tokens/tokenList'
import { findTokenBySymbol, type TokenInfo } from '../tokens/tokens'
import type { AccessPolicy } from './accessPolicy'
import { bps, type FeeModel, fromUsd8, l1DataFee, toUsd8 } from './feeModel'
import type { ChainState, RouteState } from './readRouteState'
import { crossChainLayers, type FundingMethod, type Layer, layerSupports } from './settlementLayers'

export type TokenRequest = { token: TokenInfo; amount?: bigint }

export type Sponsorship = { gas: boolean; bridge: boolean; swap: boolean; protocol: boolean }

export type PlanInput = {
  destinationChainId: number
  requests: readonly TokenRequest[]
  state: RouteState
  access: AccessPolicy
  /** Cross-chain layers the caller allows. */
  layers: ReadonlySet<Layer>
  feeGroup: TokenGroup
  sponsorship: Sponsorship
  model: FeeModel
  /** Gas the destination executions need, on top of the fill itself. */
  executionGas: bigint
  /** Calldata bytes the destination executions add to the fill. */
  executionBytes: number
}

export type Source = {
  chainId: number
  /** The token the element claims: WETH where unlocked native ETH is wrapped first. */
  token: TokenInfo
  /** The balance it draws on, as the access list names it (ETH for wrapped ETH). */
  origin: TokenInfo
  funding: FundingMethod
  /** Layers that can carry it to the destination; one is chosen per chain. */
  layers: Layer[]
  lockTag?: `0x${string}`
  wrapsNative: boolean
  available: bigint
}

export type Allocation = Omit<Source, 'layers'> & { layer: Layer; amount: bigint; request: number | 'fee' }

export type FeePart = { user: bigint; sponsor: bigint }
export type Fees = {
  gas: FeePart
  bridge: FeePart
  protocol: FeePart
  swap: FeePart
  /** Gas cost per chain in USD (8 decimals), origin claims and the destination fill. */
  gasByChain: Map<number, bigint>
  /** Bridge fee per allocation in USD (8 decimals), same order as allocations. */
  bridgeByAllocation: bigint[]
  /** LayerZero native fees the account pays in ETH from its own balance, per source chain (wei). */
  nativeByChain: Map<number, bigint>
  /** Protocol fee per request, in the requested token's units. */
  protocolByRequest: bigint[]
  /** The destination fill's gas in USD (8 decimals); part of gasByChain. */
  fillGasUsd8: bigint
  /** What the user pays, in the fee token's units: the amount the plan collects. */
  charge: bigint
  feeToken: TokenInfo
}

export type Delivery = { request: number; token: TokenInfo; target: bigint; allocated: bigint; fulfilled: boolean }

/** Set when the fee token is not a requested token and the account cannot cover the fee in it. */
export type FeeShortfall = { token: TokenInfo; needed: bigint; allocated: bigint }

export type Plan = {
  allocations: Allocation[]
  deliveries: Delivery[]
  fees: Fees
  fulfilled: boolean
  feeShortfall?: FeeShortfall
  /** The fee this plan causes, in fee token units (fees.charge is what it collects). */
  caused: bigint
}

export const MAX_UINT256 = 2n ** 256n - 1n
/** Signing schemes, in the order a tie is broken (locked funds need no approval or wrap). */
export const SCHEMES = ['COMPACT', 'PERMIT2', 'NO_FUNDING'] as const satisfies readonly FundingMethod[]
const MAX_ROUNDS = 8
/** Sources of one asset enumerated exactly (2^n · n vertices). */
const MAX_KINDS_EXACT = 12
/** Combinations of per-asset vertices scored per draw. */
const COMBO_BUDGET = 20_000
/** Best-scoring combinations priced exactly: those within FLOAT_SLACK_USD8 of the best score
 * (float rounding and per-allocation rounding of bps and USD conversions stay far below it). */
const FINALISTS = 6
const FLOAT_SLACK_USD8 = 5_000
/** Native ETH left for the wrap/approve transactions a Permit2 route asks the user to send. */
const NATIVE_GAS_RESERVE_UNITS = 300_000n

export function planRoute(input: PlanInput): Plan {
  const all = allSources(input)
  let best: Plan | undefined
  for (const scheme of SCHEMES) {
    const sources = schemeSources(all, scheme)
    if (![...sources.values()].some((s) => s.length > 0)) continue
    const plan = fixedPoint((charge) => drawScheme(input, sources, charge))
    if (!best || preferable(input, plan, best)) best = plan
  }
  return best ?? fixedPoint((charge) => drawScheme(input, schemeSources(all, 'COMPACT', true), charge))
}

/** Every source per asset group the route involves (requested groups and the fee group). */
export function allSources(input: PlanInput): Map<TokenGroup, Source[]> {
  const groups = groupsOf(input)
  return new Map(groups.map((g) => [g, sourcesOf(g, input)]))
}

/** The sources of one signing scheme (`none`: no source at all, for the empty plan). */
export function schemeSources(all: ReadonlyMap<TokenGroup, Source[]>, scheme: FundingMethod, none = false): Map<TokenGroup, Source[]> {
  return new Map([...all].map(([g, s]) => [g, none ? [] : s.filter((x) => x.funding === scheme)]))
}

function groupsOf(input: PlanInput): TokenGroup[] {
  return [...new Set([...input.requests.map((r) => r.token.extensions.group), input.feeGroup])]
}

function fixedPoint(draw: (charge: bigint) => Plan): Plan {
  let charge = 0n
  let covering: Plan | undefined
  let plan = draw(charge)
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const caused = plan.caused
    if (caused === charge) return plan // exact: it collects what it causes
    if (caused < charge && (!covering || plan.fulfilled || !covering.fulfilled)) covering = plan // collects more than it causes: acceptable, keep looking
    charge = caused
    plan = draw(charge)
  }
  return covering ?? plan
}

/** Whether plan `a` (a later scheme) should replace `b`. */
function preferable(input: PlanInput, a: Plan, b: Plan): boolean {
  if (a.fulfilled !== b.fulfilled) return a.fulfilled
  if (!a.fulfilled) {
    const [ca, cb] = [drawnUsd8(input, a), drawnUsd8(input, b)]
    if (ca !== cb) return ca > cb
  } else if (input.requests.some((r) => r.amount === undefined)) {
    const [da, db] = [deliveredUsd8(input, a), deliveredUsd8(input, b)]
    if (da !== db) return da > db
  }
  return planCostUsd8(input, a) < planCostUsd8(input, b)
}

function drawnUsd8(input: PlanInput, plan: Plan): bigint {
  return plan.allocations.reduce((s, a) => s + toUsd8(a.amount, a.token.decimals, price(input, a.token.extensions.group)), 0n)
}

function deliveredUsd8(input: PlanInput, plan: Plan): bigint {
  return plan.deliveries.reduce((s, d) => s + toUsd8(d.target, d.token.decimals, price(input, d.token.extensions.group)), 0n)
}

/** The objective: everything the route costs in USD (8 decimals), whoever pays it. */
export function planCostUsd8(input: PlanInput, plan: Plan): bigint {
  const f = plan.fees
  const native = [...f.nativeByChain.values()].reduce((s, wei) => s + toUsd8(wei, 18, price(input, 'ETH')), 0n)
  return f.gas.user + f.gas.sponsor + f.bridge.user + f.bridge.sponsor + f.protocol.user + f.protocol.sponsor + f.swap.user + f.swap.sponsor + native
}

// ---------------------------------------------------------------------------------------------
// One scheme, one fee: the cheapest allocation.

/** Sources of one token on one chain (one claimed token: WETH and wrapped ETH are one kind). */
type Kind = {
  group: TokenGroup
  chainId: number
  chain: number // index into the chain tables
  sources: Source[]
  cap: bigint
  layerMask: number
  usd8PerUnit: number
  feeOnly: boolean
}

/** Per asset group, amounts per kind (aligned with the group's kinds) in draw order. */
type Candidate = { order: number[]; amounts: bigint[]; usd: number[] }

type GroupDemand = {
  group: TokenGroup
  kinds: Kind[]
  /** Requests drawing on the group, in order, with what each needs (undefined: everything left). */
  takers: { request: number | 'fee'; need: bigint | undefined }[]
  candidates: Candidate[]
}

const LAYER_BIT: Record<Layer, number> = { SAME_CHAIN: 1, ACROSS: 2, ECO: 4, RELAY: 8, OFT: 16 }
const LAYERS: readonly Layer[] = ['SAME_CHAIN', ...crossChainLayers]

/** The cheapest plan drawing only on `sources` (one scheme) that collects `feeCharge`. */
export function drawScheme(input: PlanInput, sources: ReadonlyMap<TokenGroup, Source[]>, feeCharge: bigint): Plan {
  const { requests, destinationChainId: destination } = input
  const feeRequest = requests.findIndex((r) => r.token.extensions.group === input.feeGroup)
  let fee = feeCharge > MAX_UINT256 ? MAX_UINT256 : feeCharge
  let clamped = fee !== feeCharge
  const feeAmount = feeRequest >= 0 ? requests[feeRequest]!.amount : undefined
  if (feeAmount !== undefined && feeAmount + fee > MAX_UINT256) {
    fee = MAX_UINT256 - feeAmount
    clamped = true
  }

  // Chain tables for scoring.
  const chainIds = [...new Set([...sources.values()].flatMap((s) => s.map((x) => x.chainId)))]
  const chainIndex = new Map(chainIds.map((id, i) => [id, i]))
  const funding = [...sources.values()].flat()[0]?.funding ?? 'PERMIT2'
  const maxTokens = Math.max(1, ...[...sources.values()].map((s) => s.length)) * sources.size
  const gasTable = chainIds.map((id) => {
    const chain = input.state.chains.get(id)!
    return Array.from({ length: maxTokens + 1 }, (_, k) => (k === 0 ? 0 : Number(originGasUsd8(input, chain, funding, k))))
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

  // Demands per group.
  const demands: GroupDemand[] = []
  for (const group of groupsOf(input)) {
    const takers: GroupDemand['takers'] = []
    requests.forEach((r, i) => {
      if (r.token.extensions.group !== group) return
      takers.push({ request: i, need: r.amount === undefined ? undefined : r.amount + (i === feeRequest ? fee : 0n) })
    })
    const feeOnly = feeRequest === -1 && group === input.feeGroup
    if (feeOnly) takers.push({ request: 'fee', need: fee })
    takers.sort((a, b) => Number(a.need === undefined) - Number(b.need === undefined)) // a max request takes what the others leave
    const kinds = kindsOf(input, group, sources.get(group) ?? [], feeOnly, chainIndex, gasTable)
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
      .map((c) => ({ c, s: scorer(demands.map((o, j) => (j === gi ? c : o.candidates.length === 1 ? o.candidates[0]! : undefined))) }))
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

function candidate(kinds: readonly Kind[], order: number[], amounts: bigint[]): Candidate {
  return { order, amounts, usd: amounts.map((a, i) => Number(a) * kinds[i]!.usd8PerUnit) }
}

/** One group's sources by claimed token and chain, with their caps, cheapest chains first. */
function kindsOf(input: PlanInput, group: TokenGroup, sources: readonly Source[], feeOnly: boolean, chainIndex: ReadonlyMap<number, number>, gasTable: number[][]): Kind[] {
  const byKey = new Map<string, Source[]>()
  for (const s of sources) {
    const key = `${s.chainId}:${s.token.address}`
    byKey.set(key, [...(byKey.get(key) ?? []), s])
  }
  const p = price(input, group)
  const kinds: Kind[] = []
  for (const list of byKey.values()) {
    // Unlocked WETH before wrapping native ETH; larger locks first (fewer tokens claimed).
    const ordered = [...list].sort((a, b) => Number(a.wrapsNative) - Number(b.wrapsNative) || (a.available > b.available ? -1 : a.available < b.available ? 1 : 0))
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
  return kinds.sort((a, b) => Number(b.chainId === destination) - Number(a.chainId === destination) || gasTable[a.chain]![1]! - gasTable[b.chain]![1]! || a.chainId - b.chainId)
}

/** Every vertex of {Σ amounts = need, 0 ≤ amount ≤ cap}: a set drawn in full plus one residual. */
function vertices(allKinds: Kind[], need: bigint, layerTable: { fixed: number; rate: number }[][], gasTable: number[][]): Candidate[] {
  let kinds = allKinds.map((k, i) => ({ k, i }))
  if (kinds.length > MAX_KINDS_EXACT) {
    // Keep the sources cheapest per unit for what they could give (documented approximation).
    const perUnit = ({ k }: { k: Kind }) => {
      const usd = Number(k.cap < need ? k.cap : need) * k.usd8PerUnit
      const bridge = Math.min(...layerTable[k.chain]!.filter((_, li) => k.layerMask & (1 << li)).map((l) => l.fixed + l.rate * usd))
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
function makeScorer(demands: readonly GroupDemand[], chainIds: readonly number[], destination: number, gasTable: number[][], layerTable: { fixed: number; rate: number; native: number }[][]) {
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

/** The plan of one combination: allocations per source and request, one layer per chain. */
function materialize(input: PlanInput, demands: readonly GroupDemand[], parts: readonly Candidate[], fee: bigint, clamped: boolean, feeRequest: number): Plan {
  const pieces: (Omit<Allocation, 'layer'> & { layers: Layer[] })[] = []
  const usedByOrigin = new Map<TokenInfo, bigint>()
  demands.forEach((d, g) => {
    const c = parts[g]!
    const takers = d.takers.map((t) => ({ ...t, left: t.need }))
    for (const i of c.order) {
      let left = c.amounts[i]!
      for (const s of d.kinds[i]!.sources) {
        if (left === 0n) break
        const limit = input.access.cap(s.origin)
        const originLeft = limit === undefined ? s.available : limit - (usedByOrigin.get(s.origin) ?? 0n)
        let take = s.available < originLeft ? s.available : originLeft
        if (take > left) take = left
        if (take <= 0n) continue
        usedByOrigin.set(s.origin, (usedByOrigin.get(s.origin) ?? 0n) + take)
        left -= take
        const { layers, ...source } = s
        // Split the draw across the group's requests in order; the last open one takes the rest.
        let rest = take
        for (const [ti, t] of takers.entries()) {
          if (rest === 0n) break
          const last = ti === takers.length - 1
          if (t.left === 0n && !last) continue
          const part = t.left === undefined || last || t.left >= rest ? rest : t.left
          if (t.left !== undefined) t.left = t.left > part ? t.left - part : 0n
          pieces.push({ ...source, layers, amount: part, request: t.request })
          rest -= part
        }
      }
    }
  })

  // One layer per chain: the cheapest (exactly, for what it moves) that every source there allows.
  const layerOf = new Map<number, Layer>()
  for (const chainId of new Set(pieces.map((p) => p.chainId))) {
    const here = pieces.filter((p) => p.chainId === chainId)
    const allowed = LAYERS.filter((l) => here.every((p) => p.layers.includes(l)))
    let best: { layer: Layer; cost: bigint } | undefined
    for (const layer of allowed) {
      const moving = here.filter((p) => p.request !== 'fee')
      let cost = moving.length > 0 ? bridgeFixedUsd8(input, layer) : 0n
      for (const p of moving) cost += bridgeProportionalUsd8(input, chainId, layer, p.token, p.amount)
      const quote = layer === 'OFT' ? input.state.chains.get(chainId)?.oftQuote : undefined
      if (quote) cost += toUsd8(quote.nativeFee, 18, price(input, 'ETH'))
      if (!best || cost < best.cost) best = { layer, cost }
    }
    // No layer every source allows cannot happen within one scheme (sources of a chain share theirs).
    if (!best) throw new Error(`planRoute: no settlement layer carries every source on chain ${chainId}`)
    layerOf.set(chainId, best.layer)
  }
  const allocations: Allocation[] = pieces.map(({ layers: _, ...p }) => ({ ...p, layer: layerOf.get(p.chainId)! }))

  const deliveries = input.requests.map((r, i): Delivery => {
    const allocated = allocations.filter((a) => a.request === i).reduce((s, a) => s + a.amount, 0n)
    const own = i === feeRequest ? fee : 0n
    if (r.amount === undefined) {
      const target = allocated > own ? allocated - own : 0n
      return { request: i, token: r.token, target, allocated, fulfilled: target > 0n }
    }
    return { request: i, token: r.token, target: r.amount, allocated, fulfilled: allocated >= r.amount + own }
  })
  let feeShortfall: FeeShortfall | undefined
  if (feeRequest === -1 && fee > 0n) {
    const allocated = allocations.filter((a) => a.request === 'fee').reduce((s, a) => s + a.amount, 0n)
    if (allocated < fee) feeShortfall = { token: feeTokenOf(input), needed: fee, allocated }
  }
  return evaluate(input, allocations, deliveries, fee, clamped, feeShortfall)
}

/** A plan from its allocations and deliveries: its fees priced, what it collects and causes. */
export function evaluate(input: PlanInput, allocations: Allocation[], deliveries: Delivery[], charge: bigint, clamped = false, feeShortfall?: FeeShortfall): Plan {
  const priced = priceFees(input, allocations, deliveries)
  const caused = priced.charge > MAX_UINT256 ? MAX_UINT256 : priced.charge
  return {
    allocations,
    deliveries,
    fees: { ...priced, charge },
    caused,
    fulfilled: deliveries.every((d) => d.fulfilled) && !feeShortfall && !clamped,
    ...(feeShortfall ? { feeShortfall } : {}),
  }
}

/** How much of a group the plan could draw at most (before fees) under the input's layers, any scheme. */
export function drawable(input: PlanInput, group: TokenGroup): bigint {
  return sourcesOf(group, input).reduce((sum, s) => sum + s.available, 0n)
}

/** Every source of a group the access list allows. */
function sourcesOf(group: TokenGroup, input: PlanInput): Source[] {
  const destination = input.destinationChainId
  const sources: Source[] = []
  for (const chain of input.state.chains.values()) {
    for (const balance of chain.balances) {
      const token = balance.token
      if (token.extensions.group !== group || !input.access.allows(token)) continue
      const layers: Layer[] = chain.chainId === destination ? ['SAME_CHAIN'] : crossChainLayers.filter((l) => input.layers.has(l) && layerSupports(l, group, chain.chainId, destination))
      if (layers.length === 0) continue

      const lockLayers = layers.filter((l) => l !== 'OFT') // OFT sends from the account, not from a lock
      for (const lock of balance.locks) {
        if (lock.amount === 0n || lockLayers.length === 0) continue
        sources.push({ chainId: chain.chainId, token, origin: token, funding: 'COMPACT', layers: lockLayers, lockTag: lock.lockTag, wrapsNative: false, available: lock.amount })
      }

      let unlocked = balance.unlocked
      if (token.extensions.native) {
        // Keep gas for the user's own transactions, and LayerZero's fee if an OFT send may leave this chain.
        const reserve = NATIVE_GAS_RESERVE_UNITS * chain.gasPrice + (chain.oftQuote?.nativeFee ?? 0n)
        unlocked = unlocked > reserve ? unlocked - reserve : 0n
      }
      if (unlocked === 0n) continue
      if (layers.includes('OFT')) {
        // The account pays LayerZero's native fee itself, from its ETH on the source chain.
        if (ethOf(chain) < (chain.oftQuote?.nativeFee ?? 0n)) continue
        sources.push({ chainId: chain.chainId, token, origin: token, funding: 'NO_FUNDING', layers: ['OFT'], wrapsNative: false, available: unlocked })
        continue
      }
      if (lockLayers.length === 0) continue
      // Permit2 cannot pull native ETH: the user wraps it into WETH first (a token requirement).
      const spent = token.extensions.native ? findTokenBySymbol(chain.chainId, 'WETH') : token
      if (!spent) continue
      sources.push({ chainId: chain.chainId, token: spent, origin: token, funding: 'PERMIT2', layers: lockLayers, wrapsNative: token.extensions.native === true, available: unlocked })
    }
  }
  return sources
}

function ethOf(chain: ChainState): bigint {
  return chain.balances.find((b) => b.token.extensions.native)?.unlocked ?? 0n
}

function priceFees(input: PlanInput, allocations: readonly Allocation[], deliveries: readonly Delivery[]): Fees {
  const { state, model, sponsorship } = input
  const gasByChain = new Map<number, bigint>()
  const nativeByChain = new Map<number, bigint>()
  const bridgeByAllocation = allocations.map((a) => (a.request === 'fee' ? 0n : bridgeProportionalUsd8(input, a.chainId, a.layer, a.token, a.amount)))
  for (const element of groupElements(allocations)) {
    const chain = state.chains.get(element.chainId)!
    gasByChain.set(element.chainId, (gasByChain.get(element.chainId) ?? 0n) + originGasUsd8(input, chain, element.funding, element.tokens))
    // The fixed part of a bridge fee is paid once per element that bridges something.
    const first = element.allocations.find((a) => a.request !== 'fee')
    if (first) bridgeByAllocation[allocations.indexOf(first)]! += bridgeFixedUsd8(input, element.layer)
    if (element.layer === 'OFT' && chain.oftQuote) nativeByChain.set(element.chainId, chain.oftQuote.nativeFee)
  }
  const destination = state.chains.get(input.destinationChainId)!
  const delivered = deliveries.filter((d) => d.target > 0n).length
  const fillUnits = model.gas.fill.base + model.gas.fill.perToken * BigInt(delivered) + input.executionGas
  const fillBytes = model.gas.calldata.base + model.gas.calldata.perToken * delivered + input.executionBytes
  const fillGasUsd8 = gasUsd8(input, destination, fillUnits, fillBytes)
  gasByChain.set(destination.chainId, (gasByChain.get(destination.chainId) ?? 0n) + fillGasUsd8)

  const protocolByRequest = deliveries.map((d) => bps(d.target, model.protocolBps))
  const gas = [...gasByChain.values()].reduce((a, b) => a + b, 0n)
  const bridge = bridgeByAllocation.reduce((a, b) => a + b, 0n)
  const protocol = deliveries.reduce((sum, d, i) => sum + toUsd8(protocolByRequest[i]!, d.token.decimals, price(input, d.token.extensions.group)), 0n)
  const split = (usd8: bigint, sponsored: boolean): FeePart => (sponsored ? { user: 0n, sponsor: usd8 } : { user: usd8, sponsor: 0n })
  const parts = { gas: split(gas, sponsorship.gas), bridge: split(bridge, sponsorship.bridge), protocol: split(protocol, sponsorship.protocol), swap: split(0n, sponsorship.swap) }
  const userUsd8 = parts.gas.user + parts.bridge.user + parts.protocol.user + parts.swap.user
  const feeToken = feeTokenOf(input)
  return { ...parts, gasByChain, fillGasUsd8, bridgeByAllocation, nativeByChain, protocolByRequest, charge: fromUsd8(userUsd8, feeToken.decimals, price(input, input.feeGroup)), feeToken }
}

/** The fee token as the destination chain knows it (for display and protocolFees keys). */
function feeTokenOf(input: PlanInput): TokenInfo {
  const requested = input.requests.find((r) => r.token.extensions.group === input.feeGroup)
  if (requested) return requested.token
  const onDestination = input.state.chains.get(input.destinationChainId)!.balances.find((b) => b.token.extensions.group === input.feeGroup)
  return onDestination?.token ?? input.requests[0]!.token
}

export type Element = { chainId: number; funding: FundingMethod; layer: Layer; allocations: Allocation[]; tokens: number }

/** Allocations that settle together: exactly one element per source chain. A plan never puts two
 * funding methods or two layers on one chain; allocations that would are a bug, not a route. */
export function groupElements(allocations: readonly Allocation[]): Element[] {
  const elements = new Map<number, Element>()
  for (const a of allocations) {
    const element = elements.get(a.chainId) ?? { chainId: a.chainId, funding: a.funding, layer: a.layer, allocations: [], tokens: 0 }
    if (element.funding !== a.funding || element.layer !== a.layer) {
      throw new Error(`groupElements: chain ${a.chainId} mixes ${element.funding}/${element.layer} with ${a.funding}/${a.layer}`)
    }
    element.allocations.push(a)
    element.tokens = new Set(element.allocations.map((x) => `${x.token.address}:${x.lockTag ?? ''}`)).size
    elements.set(a.chainId, element)
  }
  return [...elements.values()]
}

function originGasUsd8(input: PlanInput, chain: ChainState, funding: FundingMethod, tokens: number): bigint {
  const claim = input.model.gas.claim[funding]
  const units = claim.base + claim.perToken * BigInt(tokens)
  const bytes = input.model.gas.calldata.base + input.model.gas.calldata.perToken * tokens
  return gasUsd8(input, chain, units, bytes)
}

function gasUsd8(input: PlanInput, chain: ChainState, units: bigint, calldataBytes: number): bigint {
  const wei = units * chain.gasPrice + (chain.l1FeeParams ? l1DataFee(chain.l1FeeParams, calldataBytes) : 0n)
  return toUsd8(wei, 18, price(input, 'ETH'))
}

/** The per-transfer part of a layer's fee (OFT: none; its native fee is paid by the account in ETH). */
function bridgeFixedUsd8(input: PlanInput, layer: Layer): bigint {
  return layer === 'OFT' ? 0n : input.model.bridge[layer].fixedUsd8
}

function bridgeProportionalUsd8(input: PlanInput, chainId: number, layer: Layer, token: TokenInfo, amount: bigint): bigint {
  if (layer === 'OFT') {
    const quote = input.state.chains.get(chainId)?.oftQuote
    if (!quote || quote.amountSentLD === 0n) return 0n
    const kept = (amount * (quote.amountSentLD - quote.amountReceivedLD) + quote.amountSentLD - 1n) / quote.amountSentLD
    return toUsd8(kept, token.decimals, price(input, token.extensions.group))
  }
  const fee = input.model.bridge[layer]
  return fee.bps === 0n ? 0n : toUsd8(bps(amount, fee.bps), token.decimals, price(input, token.extensions.group))
}

function price(input: PlanInput, group: TokenGroup) {
  return input.state.prices[group]
}
