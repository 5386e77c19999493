// What a route is computed from: the validated POST /intents/route body, after defaults and
// parsing (amounts are bigints, addresses checksummed). The API schema (lib/api/routeRequest.ts)
// is checked against this type; the engine names the parts it uses.
import type { Address, Hex } from 'viem'
import type { RequestLayer } from './settlementLayers'

export type Execution = { to: Address; value: bigint; data: Hex }

export type AccountInput = {
  address: Address
  accountType: 'smartAccount' | 'GENERIC' | 'EOA' | 'ERC7579'
  setupOps: { to: Address; data: Hex }[]
  emissaryConfig?: Record<string, unknown> | undefined
  /** By chain id: the EIP-7702 delegation the account asks for there. */
  delegations: Record<string, { contract: Address }>
}

/** Chains and tokens (addresses or symbols) the route may draw from. */
export type AccessFilter = {
  chainIds?: number[] | undefined
  tokens?: string[] | undefined
  chainTokens?: Record<string, string[]> | undefined
}

/** The filter form (with what to exclude), or the legacy list of `{ chainId, tokenAddress, amount? }`. */
export type AccessListInput =
  | (AccessFilter & { exclude?: AccessFilter | undefined })
  | { chainId: number; tokenAddress: string; amount?: bigint | undefined }[]

/** A layer's name, its wire name, or a name the client knows that no layer here answers to (ignored). */
export type SettlementLayerInput = RequestLayer

export type AuthorizationInput = { chainId: number; address: Address; nonce: bigint; yParity: 0 | 1; r: Hex; s: Hex }

export type RouteInput = {
  destinationChainId: number
  /** Empty for a call-only intent (destinationExecutions and no tokens). */
  tokenRequests: { tokenAddress: string; amount?: bigint | undefined }[]
  account: AccountInput
  recipient?: AccountInput | undefined
  destinationExecutions: Execution[]
  destinationGasUnits?: bigint | undefined
  accountAccessList?: AccessListInput | undefined
  /** By chain id. */
  preClaimExecutions: Record<string, Execution[]>
  options: {
    topupCompact: boolean
    settlementLayers?: SettlementLayerInput[] | undefined
    sponsorSettings?:
      | {
          gasSponsored: boolean
          bridgeFeesSponsored: boolean
          swapFeesSponsored: boolean
          protocolFeesSponsored: boolean
        }
      | undefined
    feeToken?: string | undefined
    /** Fill deadline (unix seconds) instead of the service's route lifetime. */
    customDeadline?: bigint | undefined
    /** Only funds locked in The Compact (COMPACT) or only unlocked funds (PERMIT2); absent: the cheaper. */
    fundingMethod?: 'COMPACT' | 'PERMIT2' | undefined
    /** Also answer the other routes the planner found (RouteResponse.alternatives). */
    alternatives?: boolean | undefined
    appFees?: unknown
    protocolFees?: unknown
    auxiliaryFunds?: unknown
  }
  signedAuthorizations: AuthorizationInput[]
  recipientSignedAuthorizations: AuthorizationInput[]
}
