// A scored combination turned into a plan: allocations per source and request, one layer per chain.

import type { TokenGroup } from '../../tokens/tokenList'
import type { TokenInfo } from '../../tokens/tokens'
import { toUsd8 } from '../feeModel'
import { type Layer, layerNames } from '../settlementLayers'
import { bridgeFixedUsd8, bridgeProportionalUsd8, evaluate, feeTokenOf, price } from './pricing'
import type { Allocation, Delivery, FeeShortfall, Plan, PlanInput, Source } from './types'

/** Sources of one token on one chain (one claimed token: WETH and wrapped ETH are one kind). */
export type Kind = {
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
export type Candidate = { order: number[]; amounts: bigint[]; usd: number[] }

export type GroupDemand = {
  group: TokenGroup
  kinds: Kind[]
  /** Requests drawing on the group, in order, with what each needs (undefined: everything left). */
  takers: { request: number | 'fee'; need: bigint | undefined }[]
  candidates: Candidate[]
}

/** Every layer, indexed as the planner's layer masks are (a kind's mask has bit i for LAYERS[i]). */
export const LAYERS: readonly Layer[] = layerNames

/** The plan of one combination: allocations per source and request, one layer per chain. */
export function materialize(
  input: PlanInput,
  demands: readonly GroupDemand[],
  parts: readonly Candidate[],
  fee: bigint,
  clamped: boolean,
  feeRequest: number,
): Plan {
  const pieces: (Omit<Allocation, 'layer'> & { layers: Layer[] })[] = []
  const usedByOrigin = new Map<TokenInfo, bigint>()
  demands.forEach((d, g) => {
    const c = parts[g]
    if (!c) throw new Error(`planRoute: no candidate for group ${d.group}`)
    const takers = d.takers.map((t) => ({ ...t, left: t.need }))
    for (const i of c.order) {
      let left = c.amounts[i]
      const kind = d.kinds[i]
      if (left === undefined || !kind) throw new Error(`planRoute: ${d.group} candidate draws on kind ${i}, not there`)
      for (const s of kind.sources) {
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
  const allocations: Allocation[] = pieces.map(({ layers: _, ...p }) => {
    const layer = layerOf.get(p.chainId)
    if (!layer) throw new Error(`planRoute: no settlement layer chosen for chain ${p.chainId}`)
    return { ...p, layer }
  })

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
