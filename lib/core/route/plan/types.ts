// The planner's vocabulary: what it is asked (PlanInput), the sources it draws on and the plan it returns.

import type { TokenGroup } from '../../tokens/tokenList'
import type { TokenInfo } from '../../tokens/tokens'
import type { FeeModel } from '../feeModel'
import type { AccessPolicy } from '../request/accessPolicy'
import type { FundingMethod, Layer } from '../settlementLayers'
import type { RouteState } from '../state/readRouteState'

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
  /** The account's setupOps the filler sends, per chain (gas, calldata bytes): priced at that chain's
   * gas price and L1 data fee (plan/planWithSetup.ts). */
  setup?: { gas: ReadonlyMap<number, bigint>; bytes: number } | undefined
  /** The one funding method the caller allows (options.fundingMethod); absent: any. */
  funding?: FundingMethod | undefined
  /** Set when the account settles with its own single-chain ops on the destination
   * (request/singleChain.ts): its unlocked balances there are the only sources, and the route adds
   * `transfers` transfers to its ops (the fee, deliveries to another recipient). */
  singleChain?: { transfers: number } | undefined
  /** Chains where the account runs its own ops (its intent executor installed, or its setupOps
   * deploy it there): the only chains an OFT send can leave from. */
  opsChains?: ReadonlySet<number> | undefined
  /** Chains (never the destination) where the account's own ops can put its unlocked ERC-20s into the
   * origin arbiter's escrow (ACCOUNT_ESCROW): where it runs ops, for a route without pre-claim calls
   * whose calls on arrival the account can run too (planRequest.ts). There its unlocked ERC-20s are
   * drawn that way instead of through Permit2. */
  escrowChains?: ReadonlySet<number> | undefined
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
export const SCHEMES = [
  'COMPACT',
  'PERMIT2',
  'NO_FUNDING',
  'ACCOUNT_ESCROW',
] as const satisfies readonly FundingMethod[]
