// What a settlement layer's folder (one per layer, beside this file) states; registry.ts lists them.
import type { Address, Hex } from 'viem'
import type { TokenGroup } from '../assets/assets'

/** The bridge fee a route charges for a layer: basis points of the amount plus a fixed USD part (8 decimals). */
export type BridgeFee = { bps: bigint; fixedUsd8: bigint }

type Common = {
  /** The name the planner, the request and the dashboard's form use. */
  name: string
  /** What the dashboard calls it. */
  label: string
  /** Its settlementLayer value on the wire. */
  wire: string
}

/** What an element is built from, for a layer's own part of its mandate's qualifier. */
export type ElementFacts = {
  /** The route's nonce, the element's chain and its place among the intent's elements. */
  nonce: bigint
  chainId: number
  index: number
  /** The layer's fixed fee (the route's fee model) in the element's first token's units. */
  fixedFeeInToken: () => bigint
}

/** A layer's own part of a mandate's qualifier: the fields it adds to the settlement context and
 * its `layerData` (the bytes in `encodedVal`, which every signature commits to). */
export type LayerQualifier = { context: Record<string, string>; layerData: Hex }

/** A layer whose claims an arbiter contract settles: the filler fronts the funds (from the sponsor's
 * locks or escrowed unlocked funds) and is paid on the origin chain against the arbiter. */
type Arbitrated = {
  /** The arbiter a route names, and the one for ERC-7579 accounts where that differs. The devnet
   * places an arbiter at each; the filler approves each. */
  arbiters: { erc7579?: Address; default: Address }
  fee: BridgeFee
  /** Its part of each element's qualifier; without it, none (`layerData` empty). */
  qualifier?: (facts: ElementFacts) => LayerQualifier
}

export type SameChainLayer = Common & Arbitrated & { kind: 'same-chain' }

/** A cross-chain intent layer: the filler fills on the destination, then claims on the origin. */
export type IntentLayer = Common & Arbitrated & { kind: 'intent'; groups: readonly TokenGroup[] }

/** A bridge the account's own ops send through (its intent executor runs them): the layer quotes its fee. */
export type BridgeLayer = Common & {
  kind: 'bridge'
  carries: (group: TokenGroup, fromChain: number, toChain: number) => boolean
}

export type LayerDefinition = SameChainLayer | IntentLayer | BridgeLayer
