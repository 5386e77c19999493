// Plans where the money for a route comes from. For each requested token: candidate sources in
// the same asset group (destination chain first — no bridge —, then other chains, cheapest total
// cost first, locked before unlocked on a tie), drawn greedily from one shared ledger so no balance
// is used twice. Fees depend on the sources and the sources on the fees, so the plan is re-drawn
// until the fee it charges covers the fee it causes.
import type { Address, Hex } from 'viem'
import { findTokenBySymbol, type TokenInfo } from '../tokens/tokens'
import type { TokenGroup } from '../tokens/tokenList'
import type { AccessPolicy } from './accessPolicy'
import { bps, fromUsd8, l1DataFee, toUsd8, type FeeModel } from './feeModel'
import type { ChainState, RouteState } from './readRouteState'
import { crossChainLayers, layerSupports, type FundingMethod, type Layer } from './settlementLayers'

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
  funding: FundingMethod
  layer: Layer
  lockTag?: Hex
  wrapsNative: boolean
  available: bigint
}

export type Allocation = Source & { amount: bigint; request: number | 'fee' }

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
  /** Protocol fee per request, in the requested token's units. */
  protocolByRequest: bigint[]
  /** What the user pays, in the fee token's units. */
  charge: bigint
  feeToken: TokenInfo
}

export type Delivery = { request: number; token: TokenInfo; target: bigint; allocated: bigint; fulfilled: boolean }

export type Plan = { allocations: Allocation[]; deliveries: Delivery[]; fees: Fees; fulfilled: boolean }

const MAX_ROUNDS = 6
/** Native ETH left for the wrap/approve transactions a Permit2 route asks the user to send. */
const NATIVE_GAS_RESERVE_UNITS = 300_000n

export function planRoute(input: PlanInput): Plan {
  const groups = [...new Set([...input.requests.map((r) => r.token.extensions.group), input.feeGroup])]
  const candidates = new Map(groups.map((g) => [g, candidatesFor(g, input)]))
  let charge = 0n
  let plan = draw(input, candidates, charge)
  for (let round = 1; round < MAX_ROUNDS; round++) {
    if (plan.fees.charge <= charge) break
    charge = plan.fees.charge
    plan = draw(input, candidates, charge)
  }
  return plan
}

function draw(input: PlanInput, candidates: Map<TokenGroup, Source[]>, feeCharge: bigint): Plan {
  const used = new Map<Source, bigint>()
  const allocations: Allocation[] = []
  const take = (group: TokenGroup, need: bigint, request: number | 'fee'): bigint => {
    let got = 0n
    for (const source of candidates.get(group)!) {
      if (got >= need) break
      const left = source.available - (used.get(source) ?? 0n)
      const amount = left < need - got ? left : need - got
      if (amount <= 0n) continue
      used.set(source, (used.get(source) ?? 0n) + amount)
      allocations.push({ ...source, amount, request })
      got += amount
    }
    return got
  }

  const feeRequest = input.requests.findIndex((r) => r.token.extensions.group === input.feeGroup)
  const deliveries = input.requests.map((r, i): Delivery => {
    const group = r.token.extensions.group
    const fee = i === feeRequest ? feeCharge : 0n
    if (r.amount === undefined) {
      const all = take(group, maxOf(candidates.get(group)!), i)
      const target = all > fee ? all - fee : 0n
      return { request: i, token: r.token, target, allocated: all, fulfilled: target > 0n }
    }
    const allocated = take(group, r.amount + fee, i)
    return { request: i, token: r.token, target: r.amount, allocated, fulfilled: allocated >= r.amount + fee }
  })
  const feeOnly = feeRequest === -1 && feeCharge > 0n ? take(input.feeGroup, feeCharge, 'fee') : feeCharge
  const fees = priceFees(input, allocations, deliveries)
  return { allocations, deliveries, fees, fulfilled: deliveries.every((d) => d.fulfilled) && feeOnly >= feeCharge }
}

function maxOf(sources: readonly Source[]): bigint {
  return sources.reduce((sum, s) => sum + s.available, 0n)
}

/** Every source of a group the access list allows, best first. */
function candidatesFor(group: TokenGroup, input: PlanInput): Source[] {
  const destination = input.destinationChainId
  const sources: (Source & { cost: bigint })[] = []
  for (const chain of input.state.chains.values()) {
    for (const balance of chain.balances) {
      const token = balance.token
      if (token.extensions.group !== group || !input.access.allows(token)) continue
      const layers: Layer[] =
        chain.chainId === destination
          ? ['SAME_CHAIN']
          : crossChainLayers.filter((l) => input.layers.has(l) && layerSupports(l, group, chain.chainId, destination))
      if (layers.length === 0) continue
      const cap = input.access.cap(token)
      const capped = (amount: bigint) => (cap !== undefined && cap < amount ? cap : amount)

      for (const lock of balance.locks) {
        const lockLayers = layers.filter((l) => l !== 'OFT') // OFT sends from the account, not from a lock
        if (lock.amount === 0n || lockLayers.length === 0) continue
        const source = { chainId: chain.chainId, token, funding: 'COMPACT' as const, lockTag: lock.lockTag, wrapsNative: false, available: capped(lock.amount) }
        sources.push(cheapest(source, lockLayers, input, chain))
      }

      let unlocked = balance.unlocked
      if (token.extensions.native) {
        const reserve = NATIVE_GAS_RESERVE_UNITS * chain.gasPrice
        unlocked = unlocked > reserve ? unlocked - reserve : 0n
      }
      if (unlocked === 0n) continue
      if (layers.includes('OFT')) {
        sources.push(cheapest({ chainId: chain.chainId, token, funding: 'NO_FUNDING', wrapsNative: false, available: capped(unlocked) }, ['OFT'], input, chain))
        continue
      }
      const intentLayers = layers.filter((l) => l !== 'OFT')
      if (intentLayers.length === 0) continue
      // Permit2 cannot pull native ETH: the user wraps it into WETH first (a token requirement).
      const spent = token.extensions.native ? findTokenBySymbol(chain.chainId, 'WETH') : token
      if (!spent) continue
      sources.push(cheapest({ chainId: chain.chainId, token: spent, funding: 'PERMIT2', wrapsNative: token.extensions.native === true, available: capped(unlocked) }, intentLayers, input, chain))
    }
  }
  return sources
    .sort((a, b) => rank(a, destination) - rank(b, destination) || compare(a.cost * b.available, b.cost * a.available) || lockedFirst(a, b))
    .map(({ cost: _, ...s }) => s)
}

const rank = (s: Source, destination: number) => (s.chainId === destination ? 0 : 1)
const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0)
const lockedFirst = (a: Source, b: Source) => (a.funding === 'COMPACT' ? 0 : 1) - (b.funding === 'COMPACT' ? 0 : 1)

/** The source over its cheapest layer, with the USD cost of moving all of it (for ranking). */
function cheapest(base: Omit<Source, 'layer'>, layers: Layer[], input: PlanInput, chain: ChainState): Source & { cost: bigint } {
  const options = layers.map((layer) => {
    const source = { ...base, layer }
    return { ...source, cost: originGasUsd8(input, chain, source.funding, 1) + bridgeUsd8(input, source, base.available) }
  })
  return options.reduce((best, o) => (o.cost < best.cost ? o : best))
}

function priceFees(input: PlanInput, allocations: readonly Allocation[], deliveries: readonly Delivery[]): Fees {
  const { state, model, sponsorship } = input
  const gasByChain = new Map<number, bigint>()
  for (const element of groupElements(allocations)) {
    const chain = state.chains.get(element.chainId)!
    const cost = originGasUsd8(input, chain, element.funding, element.tokens)
    gasByChain.set(element.chainId, (gasByChain.get(element.chainId) ?? 0n) + cost)
  }
  const destination = state.chains.get(input.destinationChainId)!
  const delivered = deliveries.filter((d) => d.target > 0n).length
  const fillUnits = model.gas.fill.base + model.gas.fill.perToken * BigInt(delivered) + input.executionGas
  const fillBytes = model.gas.calldata.base + model.gas.calldata.perToken * delivered + input.executionBytes
  const fillUsd8 = gasUsd8(input, destination, fillUnits, fillBytes)
  gasByChain.set(destination.chainId, (gasByChain.get(destination.chainId) ?? 0n) + fillUsd8)

  const bridgeByAllocation = allocations.map((a) => bridgeUsd8(input, a, a.amount))
  const protocolByRequest = deliveries.map((d) => bps(d.target, model.protocolBps))
  const gas = [...gasByChain.values()].reduce((a, b) => a + b, 0n)
  const bridge = bridgeByAllocation.reduce((a, b) => a + b, 0n)
  const protocol = deliveries.reduce((sum, d, i) => sum + toUsd8(protocolByRequest[i]!, d.token.decimals, price(input, d.token.extensions.group)), 0n)
  const split = (usd8: bigint, sponsored: boolean): FeePart => (sponsored ? { user: 0n, sponsor: usd8 } : { user: usd8, sponsor: 0n })

  const parts = { gas: split(gas, sponsorship.gas), bridge: split(bridge, sponsorship.bridge), protocol: split(protocol, sponsorship.protocol), swap: split(0n, sponsorship.swap) }
  const userUsd8 = parts.gas.user + parts.bridge.user + parts.protocol.user + parts.swap.user
  const feeToken = feeTokenOf(input)
  return { ...parts, gasByChain, bridgeByAllocation, protocolByRequest, charge: fromUsd8(userUsd8, feeToken.decimals, price(input, input.feeGroup)), feeToken }
}

/** The fee token as the destination chain knows it (for display and protocolFees keys). */
function feeTokenOf(input: PlanInput): TokenInfo {
  const requested = input.requests.find((r) => r.token.extensions.group === input.feeGroup)
  if (requested) return requested.token
  const onDestination = [...input.state.chains.get(input.destinationChainId)!.balances].find((b) => b.token.extensions.group === input.feeGroup)
  return onDestination?.token ?? input.requests[0]!.token
}

export type Element = { chainId: number; funding: FundingMethod; layer: Layer; allocations: Allocation[]; tokens: number }

/** Allocations that settle together: one element per source chain, funding method and layer. */
export function groupElements(allocations: readonly Allocation[]): Element[] {
  const elements = new Map<string, Element>()
  for (const a of allocations) {
    const key = `${a.chainId}:${a.funding}:${a.layer}`
    const element = elements.get(key) ?? { chainId: a.chainId, funding: a.funding, layer: a.layer, allocations: [], tokens: 0 }
    element.allocations.push(a)
    element.tokens = new Set(element.allocations.map((x) => `${x.token.address}:${x.lockTag ?? ''}`)).size
    elements.set(key, element)
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

function bridgeUsd8(input: PlanInput, source: Pick<Source, 'chainId' | 'layer' | 'token'>, amount: bigint): bigint {
  if (source.layer === 'OFT') {
    const quote = input.state.chains.get(source.chainId)?.oftQuote
    if (!quote) return 0n
    const native = toUsd8(quote.nativeFee, 18, price(input, 'ETH'))
    const kept = quote.amountSentLD === 0n ? 0n : (amount * (quote.amountSentLD - quote.amountReceivedLD) + quote.amountSentLD - 1n) / quote.amountSentLD
    return native + toUsd8(kept, source.token.decimals, price(input, source.token.extensions.group))
  }
  const fee = input.model.bridge[source.layer]
  if (fee.bps === 0n && fee.fixedUsd8 === 0n) return 0n
  return fee.fixedUsd8 + toUsd8(bps(amount, fee.bps), source.token.decimals, price(input, source.token.extensions.group))
}

function price(input: PlanInput, group: TokenGroup) {
  return input.state.prices[group]
}

export type { Address }
