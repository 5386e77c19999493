// The settlement layers as the route engine uses them, from the registry (lib/core/layers/: one
// folder per layer, and the lists derived from it): which layer can move which asset between which
// chains, the contract that arbitrates each layer's claims, its names on the wire and in a request,
// and how an element's funds are taken.
import type { Address } from 'viem'
import { addresses } from '../addresses'
import { chainIds } from '../chains/chains'
import type { ElementFacts, LayerDefinition, LayerQualifier } from '../layers/layerDefinition'
import { crossChainLayers, type Layer, type WireLayer } from '../layers/layerLists'
import { layers } from '../layers/registry'
import type { TokenGroup } from '../tokens/tokenList'

export {
  type ArbitratedLayer,
  allLayersMask,
  arbiterAddresses,
  arbitratedLayerNames,
  bridgeFees,
  crossChainLayers,
  type IntentLayerName,
  intentLayerNames,
  type Layer,
  layerBit,
  layerLabel,
  layerNames,
  type RequestLayer,
  requestLayerNames,
  type WireLayer,
  wireLayerNames,
} from '../layers/layerLists'

type Registered = (typeof layers)[number]

/** How an element's funds are taken. COMPACT: the sponsor's locks, claimed after the fill; PERMIT2:
 * unlocked ERC-20s the filler escrows with the sponsor's Permit2 signature; NO_FUNDING: the account's
 * own single-chain ops move them (an OFT send, or a route on one chain); ACCOUNT_ESCROW: the account's
 * own single-chain ops put unlocked ERC-20s into the origin arbiter's escrow (planner-only: on the wire
 * it is NO_FUNDING through INTENT_EXECUTOR, see wireFunding). */
export type FundingMethod = 'COMPACT' | 'PERMIT2' | 'NO_FUNDING' | 'ACCOUNT_ESCROW'

/** The fundingMethod value on the wire. */
export function wireFunding(funding: FundingMethod): 'COMPACT' | 'PERMIT2' | 'NO_FUNDING' {
  return funding === 'ACCOUNT_ESCROW' ? 'NO_FUNDING' : funding
}

const byName = new Map<string, Registered>(layers.map((l) => [l.name, l]))

function layerOf(layer: Layer): Registered {
  const found = byName.get(layer)
  if (!found) throw new Error(`settlementLayers: no layer named ${layer}`)
  return found
}

/** A layer's own part of an element's qualifier (its folder's `qualifier`), if it has one. */
export function layerQualifier(layer: Layer): ((facts: ElementFacts) => LayerQualifier) | undefined {
  const l: LayerDefinition = layerOf(layer)
  return l.kind === 'bridge' ? undefined : l.qualifier
}

export function layerSupports(layer: Layer, group: TokenGroup, fromChain: number, toChain: number): boolean {
  const l = layerOf(layer)
  if (l.kind === 'same-chain') return fromChain === toChain
  if (fromChain === toChain) return false
  if (l.kind === 'bridge') return l.carries(group, fromChain, toChain)
  const registered = (id: number) => chainIds.some((c) => c === id)
  return l.groups.some((g) => g === group) && registered(fromChain) && registered(toChain)
}

export function arbiterOf(layer: Layer, using7579: boolean): Address {
  const l = layerOf(layer)
  if (l.kind === 'bridge') return addresses.intentExecutor
  return (using7579 && 'erc7579' in l.arbiters ? l.arbiters.erc7579 : undefined) ?? l.arbiters.default
}

/** The settlementLayer value on the wire. */
export function wireLayer(layer: Layer): WireLayer {
  return layerOf(layer).wire
}

/** The cross-chain layers a request allows: every one when it names none (absent or `[]`). A layer
 * is allowed by its name or its wire name (OFT routes settle through the intent executor). */
export function allowedLayers(requested: readonly string[] | undefined): Set<Layer> {
  if (!requested || requested.length === 0) return new Set(crossChainLayers)
  const allowed = new Set<Layer>()
  for (const name of requested) {
    for (const l of layers) if (l.kind !== 'same-chain' && (l.name === name || l.wire === name)) allowed.add(l.name)
  }
  return allowed
}
