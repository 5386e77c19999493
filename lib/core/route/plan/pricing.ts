// What a plan costs: its fees by kind and payer, the objective in USD (8 decimals), and its
// allocations grouped into one element per source chain.

import { TRANSFER_OP_GAS } from '../../settlement/destinationGas'
import type { TokenGroup } from '../../tokens/tokenList'
import type { TokenInfo } from '../../tokens/tokens'
import { bps, fromUsd8, l1DataFee, toUsd8 } from '../feeModel'
import type { FundingMethod, Layer } from '../settlementLayers'
import type { ChainState } from '../state/readRouteState'
import {
  type Allocation,
  type Delivery,
  type FeePart,
  type FeeShortfall,
  type Fees,
  MAX_UINT256,
  type Plan,
  type PlanInput,
} from './types'

/** The objective: everything the route costs in USD (8 decimals), whoever pays it. */
export function planCostUsd8(_input: PlanInput, plan: Plan): bigint {
  const f = plan.fees
  return (
    f.gas.user +
    f.gas.sponsor +
    f.bridge.user +
    f.bridge.sponsor +
    f.protocol.user +
    f.protocol.sponsor +
    f.swap.user +
    f.swap.sponsor
  )
}

/** A plan from its allocations and deliveries: its fees priced, what it collects and causes. */
export function evaluate(
  input: PlanInput,
  allocations: Allocation[],
  deliveries: Delivery[],
  charge: bigint,
  clamped = false,
  feeShortfall?: FeeShortfall,
): Plan {
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

function priceFees(input: PlanInput, allocations: readonly Allocation[], deliveries: readonly Delivery[]): Fees {
  const { state, model, sponsorship } = input
  const gasByChain = new Map<number, bigint>()
  const nativeByChain = new Map<number, bigint>()
  const bridgeByAllocation = allocations.map((a) =>
    a.request === 'fee' ? 0n : bridgeProportionalUsd8(input, a.chainId, a.layer, a.token, a.amount),
  )
  for (const element of input.singleChain ? [] : groupElements(allocations)) {
    const chain = state.chains.get(element.chainId)
    if (!chain) throw new Error(`priceFees: no state for source chain ${element.chainId}`)
    gasByChain.set(
      element.chainId,
      (gasByChain.get(element.chainId) ?? 0n) + originGasUsd8(input, chain, element.funding, element.tokens),
    )
    // The fixed part of a bridge fee is paid once per element that bridges something.
    const first = element.allocations.find((a) => a.request !== 'fee')
    if (first) {
      const at = allocations.indexOf(first)
      const proportional = bridgeByAllocation[at]
      if (proportional === undefined) throw new Error(`priceFees: no bridge fee for allocation ${at}`)
      bridgeByAllocation[at] = proportional + bridgeFixedUsd8(input, element.layer)
    }
    if (element.layer === 'OFT' && chain.oftQuote) nativeByChain.set(element.chainId, chain.oftQuote.nativeFee)
  }
  // The account's deployment on each chain it needs one, at that chain's prices.
  for (const [chainId, units] of input.setup?.gas ?? []) {
    const chain = state.chains.get(chainId)
    if (!chain) throw new Error(`priceFees: no state for setup chain ${chainId}`)
    const cost = gasUsd8(input, chain, units, input.setup?.bytes ?? 0)
    gasByChain.set(chainId, (gasByChain.get(chainId) ?? 0n) + cost)
  }
  const destination = state.chains.get(input.destinationChainId)
  if (!destination) throw new Error(`priceFees: no state for destination chain ${input.destinationChainId}`)
  // Delivered by the bridge alone (every element an OFT send): no fill of the filler's to pay for.
  const bridgedOnly = allocations.length > 0 && allocations.every((a) => a.layer === 'OFT')
  const delivered = deliveries.filter((d) => d.target > 0n).length
  // Single-chain ops: no fill, one executor transaction (executionGas holds its limit for the calls)
  // and the transfers the route adds to the ops.
  const fillUnits = input.singleChain
    ? input.executionGas + TRANSFER_OP_GAS * BigInt(input.singleChain.transfers)
    : model.gas.fill.base + model.gas.fill.perToken * BigInt(delivered) + input.executionGas
  const { fill, accountOps, signature } = model.gas.calldata
  // Calls on arrival (or single-chain ops) go out in the executor's transaction, under the account's signature.
  const opsBytes = input.executionGas > 0n || input.singleChain ? accountOps + signature : 0
  const fillBytes = fill.base + fill.perToken * delivered + input.executionBytes + opsBytes
  const fillGasUsd8 = bridgedOnly ? 0n : gasUsd8(input, destination, fillUnits, fillBytes)
  gasByChain.set(destination.chainId, (gasByChain.get(destination.chainId) ?? 0n) + fillGasUsd8)

  const gas = [...gasByChain.values()].reduce((a, b) => a + b, 0n)
  // LayerZero's native fee, which the filler hands the account with its ops, is a bridge fee too.
  const native = [...nativeByChain.values()].reduce((s, wei) => s + toUsd8(wei, 18, price(input, 'ETH')), 0n)
  const bridge = bridgeByAllocation.reduce((a, b) => a + b, 0n) + native
  const protocolParts = deliveries.map((d) => {
    const fee = bps(d.target, model.protocolBps)
    return { fee, usd8: toUsd8(fee, d.token.decimals, price(input, d.token.extensions.group)) }
  })
  const protocolByRequest = protocolParts.map((part) => part.fee)
  const protocol = protocolParts.reduce((sum, part) => sum + part.usd8, 0n)
  const split = (usd8: bigint, sponsored: boolean): FeePart =>
    sponsored ? { user: 0n, sponsor: usd8 } : { user: usd8, sponsor: 0n }
  const parts = {
    gas: split(gas, sponsorship.gas),
    bridge: split(bridge, sponsorship.bridge),
    protocol: split(protocol, sponsorship.protocol),
    swap: split(0n, sponsorship.swap),
  }
  const userUsd8 = parts.gas.user + parts.bridge.user + parts.protocol.user + parts.swap.user
  const feeToken = feeTokenOf(input)
  return {
    ...parts,
    gasByChain,
    fillGasUsd8,
    bridgeByAllocation,
    nativeByChain,
    protocolByRequest,
    charge: fromUsd8(userUsd8, feeToken.decimals, price(input, input.feeGroup)),
    feeToken,
  }
}

/** The fee token as the destination chain knows it (for display and protocolFees keys). */
export function feeTokenOf(input: PlanInput): TokenInfo {
  const requested = input.requests.find((r) => r.token.extensions.group === input.feeGroup)
  if (requested) return requested.token
  const destination = input.state.chains.get(input.destinationChainId)
  if (!destination) throw new Error(`feeTokenOf: no state for destination chain ${input.destinationChainId}`)
  const onDestination = destination.balances.find((b) => b.token.extensions.group === input.feeGroup)
  if (onDestination) return onDestination.token
  const [first] = input.requests
  if (!first) throw new Error(`feeTokenOf: no ${input.feeGroup} token on the destination and no request`)
  return first.token
}

export type Element = {
  chainId: number
  funding: FundingMethod
  layer: Layer
  allocations: Allocation[]
  tokens: number
}

/** Allocations that settle together: exactly one element per source chain. A plan never puts two
 * funding methods or two layers on one chain; allocations that would are a bug, not a route. */
export function groupElements(allocations: readonly Allocation[]): Element[] {
  const elements = new Map<number, Element>()
  for (const a of allocations) {
    const element = elements.get(a.chainId) ?? {
      chainId: a.chainId,
      funding: a.funding,
      layer: a.layer,
      allocations: [],
      tokens: 0,
    }
    if (element.funding !== a.funding || element.layer !== a.layer) {
      throw new Error(
        `groupElements: chain ${a.chainId} mixes ${element.funding}/${element.layer} with ${a.funding}/${a.layer}`,
      )
    }
    element.allocations.push(a)
    element.tokens = new Set(element.allocations.map((x) => `${x.token.address}:${x.lockTag ?? ''}`)).size
    elements.set(a.chainId, element)
  }
  return [...elements.values()]
}

export function originGasUsd8(input: PlanInput, chain: ChainState, funding: FundingMethod, tokens: number): bigint {
  const claim = input.model.gas.claim[funding]
  const units = claim.base + claim.perToken * BigInt(tokens)
  const calldata = input.model.gas.calldata.claim[funding]
  // Every origin transaction path carries the account's signature (Permit2's, the compact's, its ops').
  const bytes = calldata.base + calldata.perToken * tokens + input.model.gas.calldata.signature
  return gasUsd8(input, chain, units, bytes)
}

function gasUsd8(input: PlanInput, chain: ChainState, units: bigint, calldataBytes: number): bigint {
  const wei = units * chain.gasPrice + (chain.l1FeeParams ? l1DataFee(chain.l1FeeParams, calldataBytes) : 0n)
  return toUsd8(wei, 18, price(input, 'ETH'))
}

/** The per-transfer part of a layer's fee (OFT: none; its native fee is paid by the account in ETH). */
export function bridgeFixedUsd8(input: PlanInput, layer: Layer): bigint {
  return layer === 'OFT' ? 0n : input.model.bridge[layer].fixedUsd8
}

export function bridgeProportionalUsd8(
  input: PlanInput,
  chainId: number,
  layer: Layer,
  token: TokenInfo,
  amount: bigint,
): bigint {
  if (layer === 'OFT') {
    const quote = input.state.chains.get(chainId)?.oftQuote
    if (!quote || quote.amountSentLD === 0n) return 0n
    const kept = (amount * (quote.amountSentLD - quote.amountReceivedLD) + quote.amountSentLD - 1n) / quote.amountSentLD
    return toUsd8(kept, token.decimals, price(input, token.extensions.group))
  }
  const fee = input.model.bridge[layer]
  return fee.bps === 0n ? 0n : toUsd8(bps(amount, fee.bps), token.decimals, price(input, token.extensions.group))
}

export function price(input: PlanInput, group: TokenGroup) {
  return input.state.prices[group]
}
