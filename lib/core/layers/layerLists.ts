// Every list of settlement layers the code needs, derived from the registry (registry.ts): the
// planner's, the fee model's, the wire's and the request's names, the dashboard's labels.
import type { Address } from 'viem'
import type { BridgeFee, LayerDefinition } from './layerDefinition'
import { foreignLayerNames, layers } from './registry'

type Kind = LayerDefinition['kind']
type OfKind<L, K extends Kind> = Extract<L, { kind: K }>

export function deriveLayerLists<const L extends LayerDefinition, const F extends string>(
  registry: readonly L[],
  foreign: readonly F[],
) {
  const ofKind = <K extends Kind>(...kinds: K[]) =>
    registry.filter((l): l is OfKind<L, K> => (kinds as Kind[]).includes(l.kind))
  type Name<K extends Kind = Kind> = OfKind<L, K>['name']
  const names = registry.map((l): Name => l.name)
  const crossChain = ofKind('intent', 'bridge').map((l): Name<'intent' | 'bridge'> => l.name)
  const arbitrated = ofKind('same-chain', 'intent')
  const wire = [...new Set(registry.map((l): L['wire'] => l.wire))]
  const wireAliases = registry.filter((l) => l.wire !== l.name).map((l): L['wire'] => l.wire)
  if (registry.length > 31) throw new Error(`deriveLayerLists: ${registry.length} layers do not fit the planner's mask`)
  return {
    /** Every layer, in the planner's bit order. */
    names,
    /** The layers that carry funds between chains: what a request allows when it names none. */
    crossChain,
    /** The intent layers: what an alternative route's request names (RouteAlternative). */
    intent: ofKind('intent').map((l): Name<'intent'> => l.name),
    /** The layers an arbiter settles: those a route's sources can cross by (RouteAlternative) and
     * the fee model charges a bridge fee for. */
    arbitrated: arbitrated.map((l): Name<'same-chain' | 'intent'> => l.name),
    /** settlementLayer values on the wire. */
    wire,
    /** What a request's options.settlementLayers may hold: the cross-chain layers, the names the client
     * knows that none answers to, the same-chain layer, and the wire names that stand for a layer. */
    request: [...crossChain, ...foreign, ...ofKind('same-chain').map((l): Name => l.name), ...wireAliases],
    /** Every arbiter a route can name. */
    arbiterAddresses: arbitrated.flatMap((l): Address[] =>
      l.arbiters.erc7579 ? [l.arbiters.erc7579, l.arbiters.default] : [l.arbiters.default],
    ),
    bridgeFees: Object.fromEntries(arbitrated.map((l) => [l.name, l.fee])) as Record<
      Name<'same-chain' | 'intent'>,
      BridgeFee
    >,
    /** The planner's bit of each layer (its position in the registry), and the mask of all of them. */
    bit: (name: Name): number => 1 << names.indexOf(name),
    allMask: (1 << registry.length) - 1,
  }
}

const lists = deriveLayerLists(layers, foreignLayerNames)
type Registered = (typeof layers)[number]

/** Layers a route element can settle through. OFT elements settle as INTENT_EXECUTOR on the wire. */
export type Layer = Registered['name']
/** The settlementLayer values on the wire. */
export type WireLayer = Registered['wire']

/** Every layer, in the planner's bit order (layerBit). */
export const layerNames: readonly Layer[] = lists.names
export const crossChainLayers = lists.crossChain
/** The layers an alternative route's request can name (RouteAlternative.request.options). */
export const intentLayerNames = lists.intent
export type IntentLayerName = (typeof intentLayerNames)[number]
/** The layers an alternative route's sources cross by; the fee model's bridge fees are theirs. */
export const arbitratedLayerNames = lists.arbitrated
export type ArbitratedLayer = (typeof arbitratedLayerNames)[number]
export const wireLayerNames = lists.wire
/** What a request's options.settlementLayers may hold. */
export const requestLayerNames = lists.request
export type RequestLayer = (typeof requestLayerNames)[number]
/** Each arbitrated layer's bridge fee (the default fee model's). */
export const bridgeFees = lists.bridgeFees
/** The planner's bit of a layer, and the mask of every layer. */
export const layerBit = lists.bit
export const allLayersMask = lists.allMask
/** Every arbiter a route can name (the devnet places its arbiter at each; the filler approves each). */
export const arbiterAddresses: readonly Address[] = lists.arbiterAddresses

/** What the dashboard calls a layer, by its name or its wire name; anything else as it is. */
export function layerLabel(name: string): string {
  return (layers.find((l) => l.name === name) ?? layers.find((l) => l.wire === name))?.label ?? name
}
