// Which settlement layer can move which asset between which chains, and the contract that
// arbitrates each layer's claims. Arbiter addresses are the production deployments listed in
// @rhinestone/shared-configs (the published client's own configuration).
import type { Address } from 'viem'
import { addresses, oftAdapters } from '../addresses'
import type { TokenGroup } from '../tokens/tokenList'

/** Layers a route element can settle through. OFT elements settle as INTENT_EXECUTOR on the wire. */
export type Layer = 'SAME_CHAIN' | 'ACROSS' | 'ECO' | 'RELAY' | 'OFT'
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

export const crossChainLayers = ['ACROSS', 'ECO', 'RELAY', 'OFT'] as const satisfies readonly Layer[]

const intentLayers: Record<'ACROSS' | 'ECO' | 'RELAY', { groups: readonly TokenGroup[]; chains: readonly number[] }> = {
  ACROSS: { groups: ['USDC', 'ETH'], chains: [1, 10, 8453, 42161] },
  ECO: { groups: ['USDC', 'ETH'], chains: [1, 10, 8453, 42161] },
  RELAY: { groups: ['USDC', 'ETH'], chains: [1, 10, 8453, 42161] },
}

export function layerSupports(layer: Layer, group: TokenGroup, fromChain: number, toChain: number): boolean {
  if (layer === 'SAME_CHAIN') return fromChain === toChain
  if (fromChain === toChain) return false
  if (layer === 'OFT') return group === 'USDT' && fromChain in oftAdapters && toChain in oftAdapters
  const { groups, chains } = intentLayers[layer]
  return groups.includes(group) && chains.includes(fromChain) && chains.includes(toChain)
}

const arbiters = {
  SAME_CHAIN: '0x000000000006e2569CaF8Ff021810790e0A0D740',
  ACROSS_7579: '0x28a4D41776968c1201A807ec51fFB405362B8882',
  ACROSS: '0xA162fabb9a0EeF2736485A587aAAB3d015e14224',
  ECO: '0x2e7627CCfAe4eDb336eEb5a70f08415B0F1a2b8C',
  RELAY: '0xad549C787B8C00B4E880e327c3Ad3965275cEdfd',
} as const satisfies Record<string, Address>

/** Every arbiter a route can name (the devnet places its arbiter at each; the filler approves each). */
export const arbiterAddresses: readonly Address[] = Object.values(arbiters)

export function arbiterOf(layer: Layer, using7579: boolean): Address {
  if (layer === 'OFT') return addresses.intentExecutor
  if (layer === 'ACROSS' && using7579) return arbiters.ACROSS_7579
  return arbiters[layer]
}

/** The settlementLayer value on the wire. */
export function wireLayer(layer: Layer): 'SAME_CHAIN' | 'ACROSS' | 'ECO' | 'RELAY' | 'INTENT_EXECUTOR' {
  return layer === 'OFT' ? 'INTENT_EXECUTOR' : layer
}

/** The cross-chain layers a request allows: every one when it names none (absent or `[]`). */
export function allowedLayers(requested: readonly string[] | undefined): Set<Layer> {
  if (!requested || requested.length === 0) return new Set(crossChainLayers)
  const layers = new Set<Layer>()
  for (const l of requested) {
    if (l === 'ACROSS' || l === 'ECO' || l === 'RELAY' || l === 'OFT') layers.add(l)
    if (l === 'INTENT_EXECUTOR') layers.add('OFT') // OFT routes settle through the intent executor
  }
  return layers
}
