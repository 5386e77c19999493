// Plans where the money for a route comes from. For each requested token the sources are the same
// asset on every chain the access list allows; they are drawn greedily from one shared ledger (no
// balance is used twice): at each step the destination chain first (no bridge), then the source
// and layer cheapest for the amount still needed, locked before unlocked on a tie. Fees depend on
// the sources and the sources on the fees, so the plan is re-drawn until the fee it collects is
// the fee it causes (or, failing an exact fixed point, covers it).
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
  /** The balance it draws on, as the access list names it (ETH for wrapped ETH). */
  origin: TokenInfo
  funding: FundingMethod
  /** Layers that can carry it to the destination; one is chosen per allocation. */
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

const MAX_ROUNDS = 8
/** Native ETH left for the wrap/approve transactions a Permit2 route asks the user to send. */
const NATIVE_GAS_RESERVE_UNITS = 300_000n

export function planRoute(input: PlanInput): Plan {
  const groups = [...new Set([...input.requests.map((r) => r.token.extensions.group), input.feeGroup])]
  const sources = new Map(groups.map((g) => [g, sourcesOf(g, input)]))
  let charge = 0n
  let covering: Plan | undefined
  let plan = draw(input, sources, charge)
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const caused = plan.caused
    if (caused === charge) return plan // exact: it collects what it causes
    if (caused < charge) covering = plan // collects more than it causes: acceptable, keep looking
    charge = caused
    plan = draw(input, sources, charge)
  }
  return covering ?? plan
}

/** Allocates every request (and a fee not payable from a request) with `feeCharge` collected. */
function draw(input: PlanInput, sources: Map<TokenGroup, Source[]>, feeCharge: bigint): Plan {
  const used = new Map<Source, bigint>()
  const usedByOrigin = new Map<TokenInfo, bigint>()
  const allocations: Allocation[] = []
  const take = (group: TokenGroup, need: bigint, request: number | 'fee'): bigint => {
    let got = 0n
    while (got < need) {
      const pick = best(input, sources.get(group)!, need - got, (s) => {
        const cap = input.access.cap(s.origin)
        const left = s.available - (used.get(s) ?? 0n)
        const capLeft = cap === undefined ? left : cap - (usedByOrigin.get(s.origin) ?? 0n)
        return left < capLeft ? left : capLeft
      }, request === 'fee')
      if (!pick) break
      used.set(pick.source, (used.get(pick.source) ?? 0n) + pick.amount)
      usedByOrigin.set(pick.source.origin, (usedByOrigin.get(pick.source.origin) ?? 0n) + pick.amount)
      const { layers: _, ...source } = pick.source
      allocations.push({ ...source, layer: pick.layer, amount: pick.amount, request })
      got += pick.amount
    }
    return got
  }

  const feeRequest = input.requests.findIndex((r) => r.token.extensions.group === input.feeGroup)
  const deliveries = input.requests.map((r, i): Delivery => {
    const group = r.token.extensions.group
    const fee = i === feeRequest ? feeCharge : 0n
    if (r.amount === undefined) {
      const all = take(group, sources.get(group)!.reduce((sum, s) => sum + s.available, 0n), i)
      const target = all > fee ? all - fee : 0n
      return { request: i, token: r.token, target, allocated: all, fulfilled: target > 0n }
    }
    const allocated = take(group, r.amount + fee, i)
    return { request: i, token: r.token, target: r.amount, allocated, fulfilled: allocated >= r.amount + fee }
  })
  let feeShortfall: FeeShortfall | undefined
  if (feeRequest === -1 && feeCharge > 0n) {
    const allocated = take(input.feeGroup, feeCharge, 'fee')
    if (allocated < feeCharge) feeShortfall = { token: feeTokenOf(input), needed: feeCharge, allocated }
  }
  const priced = priceFees(input, allocations, deliveries)
  return {
    allocations,
    deliveries,
    fees: { ...priced, charge: feeCharge },
    caused: priced.charge,
    fulfilled: deliveries.every((d) => d.fulfilled) && !feeShortfall,
    ...(feeShortfall ? { feeShortfall } : {}),
  }
}

/** The next source and layer to draw `need` from: destination chain first, then cheapest per unit. */
function best(input: PlanInput, sources: readonly Source[], need: bigint, left: (s: Source) => bigint, feeOnly: boolean) {
  let choice: Choice | undefined
  for (const source of sources) {
    const available = left(source)
    if (available <= 0n) continue
    const amount = available < need ? available : need
    for (const layer of source.layers) {
      const cost = allocationCostUsd8(input, source, layer, amount, feeOnly)
      if (!choice || better({ source, layer, amount, cost }, choice, input.destinationChainId)) choice = { source, layer, amount, cost }
    }
  }
  return choice
}

type Choice = { source: Source; layer: Layer; amount: bigint; cost: bigint }

function better(a: Choice, b: Choice, destination: number): boolean {
  const rank = (x: typeof a) => (x.source.chainId === destination ? 0 : 1)
  if (rank(a) !== rank(b)) return rank(a) < rank(b)
  const perUnitA = a.cost * b.amount
  const perUnitB = b.cost * a.amount
  if (perUnitA !== perUnitB) return perUnitA < perUnitB
  return a.source.funding === 'COMPACT' && b.source.funding !== 'COMPACT'
}

/** What drawing `amount` from a source over a layer adds: its claim's gas and its bridge fee. */
function allocationCostUsd8(input: PlanInput, source: Source, layer: Layer, amount: bigint, feeOnly: boolean): bigint {
  const chain = input.state.chains.get(source.chainId)!
  return originGasUsd8(input, chain, source.funding, 1) + (feeOnly ? 0n : bridgeFixedUsd8(input, layer) + bridgeProportionalUsd8(input, source.chainId, layer, source.token, amount))
}

/** How much of a group the plan could draw at most (before fees) under the input's layers. */
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
      const layers: Layer[] =
        chain.chainId === destination
          ? ['SAME_CHAIN']
          : crossChainLayers.filter((l) => input.layers.has(l) && layerSupports(l, group, chain.chainId, destination))
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
  gasByChain.set(destination.chainId, (gasByChain.get(destination.chainId) ?? 0n) + gasUsd8(input, destination, fillUnits, fillBytes))

  const protocolByRequest = deliveries.map((d) => bps(d.target, model.protocolBps))
  const gas = [...gasByChain.values()].reduce((a, b) => a + b, 0n)
  const bridge = bridgeByAllocation.reduce((a, b) => a + b, 0n)
  const protocol = deliveries.reduce((sum, d, i) => sum + toUsd8(protocolByRequest[i]!, d.token.decimals, price(input, d.token.extensions.group)), 0n)
  const split = (usd8: bigint, sponsored: boolean): FeePart => (sponsored ? { user: 0n, sponsor: usd8 } : { user: usd8, sponsor: 0n })
  const parts = { gas: split(gas, sponsorship.gas), bridge: split(bridge, sponsorship.bridge), protocol: split(protocol, sponsorship.protocol), swap: split(0n, sponsorship.swap) }
  const userUsd8 = parts.gas.user + parts.bridge.user + parts.protocol.user + parts.swap.user
  const feeToken = feeTokenOf(input)
  return { ...parts, gasByChain, bridgeByAllocation, nativeByChain, protocolByRequest, charge: fromUsd8(userUsd8, feeToken.decimals, price(input, input.feeGroup)), feeToken }
}

/** The fee token as the destination chain knows it (for display and protocolFees keys). */
function feeTokenOf(input: PlanInput): TokenInfo {
  const requested = input.requests.find((r) => r.token.extensions.group === input.feeGroup)
  if (requested) return requested.token
  const onDestination = input.state.chains.get(input.destinationChainId)!.balances.find((b) => b.token.extensions.group === input.feeGroup)
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
