// The settlement layers: one folder per layer beside this file, and one line each here. The order
// is the planner's bit order. Every other list of layers (the planner's, the fee model's, the API's
// enums, the dashboard's labels) is derived from this one (layerLists.ts, route/settlementLayers.ts);
// docs/registry.md says how to add one.
import { across } from './across/across'
import { eco } from './eco/eco'
import type { LayerDefinition } from './layerDefinition'
import { oft } from './oft/oft'
import { relay } from './relay/relay'
import { sameChain } from './sameChain/sameChain'

export const layers = [sameChain, across, eco, relay, oft] as const satisfies readonly LayerDefinition[]

/** Layer names the published client may send that no layer here answers to: accepted, and ignored. */
export const foreignLayerNames = ['NEAR'] as const
