// The route response the engine builds: the intentOp a sponsor signs, what it costs and what the
// account must approve or wrap first. Amounts, nonces and times are decimal strings (the wire's
// form); the API schema (lib/api/routeResponse.ts) is checked against these types.
import type { Address, Hex } from 'viem'
import type { ChainWarning } from '../chainState/settleChains'
import type { ArbitratedLayer, IntentLayerName, WireLayer } from '../route/settlementLayers'

/** `[id, amount]`: an ERC-6909 lock id or a token's id (its address as a number) and an amount. */
export type IdAmount = [string, string]

export type WireExecution = { to: Address; value: string; data: Hex }

export type WireOp = { vt: Hex; ops: WireExecution[] }

/** A settlement layer's name on the wire (lib/core/layers/: each layer states its own). */
export type SettlementLayerName = WireLayer

export type WireSettlementContext = {
  settlementLayer: SettlementLayerName
  using7579: boolean
  fundingMethod: 'COMPACT' | 'PERMIT2' | 'NO_FUNDING'
  provingFee?: string | undefined
  requestId?: Hex | undefined
  orderId?: Hex | undefined
  gasRefund?: { token: Address; exchangeRate: string; overhead: string } | undefined
  bridgeFill?: { type: 'OFT'; destinationChainId: number } | undefined
  bridge?:
    | { type: 'OFT'; oftToken: 'USDT0'; dstChainId: number; dstEid: number; minAmountLD: string; adapter: Address }
    | undefined
  /** Native ETH (wei) the relayer hands the account with its ops: an OFT send's LayerZero fee. */
  prefundAmount?: string | undefined
}

export type WireElement = {
  arbiter: Address
  chainId: string
  idsAndAmounts: IdAmount[]
  spendTokens: IdAmount[]
  mandate: {
    recipient: Address
    tokenOut: IdAmount[]
    destinationChainId: string
    fillDeadline: string
    preClaimOps: WireOp
    destinationOps: WireOp
    qualifier: { settlementContext: WireSettlementContext; encodedVal: Hex }
    minGas: string
  }
}

export type AccountContext =
  | { accountType: 'EOA' }
  | { accountType: 'smartAccount'; isDeployed: boolean; isERC7579: boolean; delegatedTo?: Address | undefined }

export type AccountWithContext = {
  address: Address
  accountType: string
  setupOps: { to: Address; data: Hex }[]
  emissaryConfig?: Record<string, unknown> | undefined
  accountContext: Record<string, AccountContext>
  requiredDelegations: Record<string, { contract: Address }>
}

/** Per OP-stack chain the L1 fee parameters read from its GasPriceOracle, or an assumed size fee. */
export type OpGasParams =
  | number
  | { l1BaseFee: string; l1BlobBaseFee: string; baseFeeScalar: string; blobFeeScalar: string }

export type SignedMetadata = {
  tokenPrices: Record<string, number>
  gasPrices: Record<string, string>
  opGasParams: Record<string, OpGasParams>
  account: AccountWithContext
  recipient: AccountWithContext
  quotes: Record<string, unknown[]>
  fees: { sponsorFee: { relayer: number; protocol: number }; protocolFees: Record<string, string> }
  executionTokensReceived: Address[]
}

export type WireAuthorization = { chainId: number; address: Address; nonce: string; yParity: number; r: Hex; s: Hex }

export type WireIntentOp = {
  sponsor: Address
  nonce: string
  /** Nonce of the destination execution; equal to `nonce`: one execution per route. */
  targetExecutionNonce: string
  /** Unix seconds. */
  expires: string
  elements: WireElement[]
  serverSignature: Hex
  signedMetadata: SignedMetadata
  signedAuthorizations: WireAuthorization[]
  recipientSignedAuthorizations: WireAuthorization[]
}

/** An intentOp before the server signs it: what the routes table keeps (the signature is a function
 * of it and the server's key, see serverSignature.ts). */
export type UnsignedIntentOp = Omit<WireIntentOp, 'serverSignature'>

export type FeeBreakdown = {
  gasFee: string
  bridgeFee: string
  protocolFee: string
  swapFee: string
  settlementFee: string
}

export type FeesByToken = Record<string, { amount: string; breakdown: FeeBreakdown }>

export type TokenReceived = {
  tokenAddress: Address
  tokenSymbol: string
  tokenDecimals: number
  amountSpent: string
  targetAmount: string
  destinationAmount: string
  fee: string
  feeBreakdown: FeeBreakdown
  feesByToken: FeesByToken
  hasFulfilled: boolean
}

export type TokenShortfall = {
  tokenAddress: Address
  tokenSymbol: string
  tokenDecimals: number
  destinationChainId: number
  targetAmount: string
  destinationAmount: string
  amountSpent: string
  fee: string
  feesByToken: FeesByToken
  feeAmount: string
  availableAmount: string
  shortfallAmount: string
  shortfallUSD: number
}

export type IntentCost = {
  hasFulfilledAll: boolean
  tokensReceived: TokenReceived[]
  sponsorFee: { relayer: number; protocol: number }
  feeToken: { tokenAddress: Address; tokenSymbol: string; amount: string }
  nativeFees?: { chainId: number; amount: string; usd: number }[] | undefined
  tokensSpent?: Record<string, Record<string, { locked: string; unlocked: string; version: number }>> | undefined
  gasCost?:
    | {
        originChains: { chainId: number; gasUSD: number }[]
        destination: { chainId: number; gasUSD: number }
        totalUSD: number
      }
    | undefined
  feeBreakdownUSD?:
    | {
        gasFeeUSD: number
        bridgeFeeUSD: number
        protocolFeeUSD: number
        swapFeeUSD: number
        settlementFeeUSD: number
        totalFeeUSD: number
      }
    | undefined
  tokenShortfall?: TokenShortfall[] | undefined
  totalTokenShortfallInUSD?: number | undefined
}

export type TokenRequirement = { type: 'approval'; amount: string; spender: Address } | { type: 'wrap'; amount: string }

export type RouteResponse = {
  /** null when the account cannot cover the request (see intentCost.tokenShortfall). */
  intentOp: WireIntentOp | null
  intentCost: IntentCost
  /** By chain id, then token address. */
  tokenRequirements: Record<string, Record<string, TokenRequirement>>
  warnings?: ChainWarning[] | undefined
  /** Only when the request asks for them (options.alternatives). */
  alternatives?: RouteAlternative[] | undefined
}

/** A route as quoted, before its intentOp is signed. */
export type UnsignedRouteResponse = Omit<RouteResponse, 'intentOp'> & { intentOp: UnsignedIntentOp | null }

/** Another route the planner found for the same request, and the request fields that ask for it. */
export type RouteAlternative = {
  /** True for the route this answer's intentOp is. */
  chosen: boolean
  fundingMethod: 'COMPACT' | 'PERMIT2'
  /** What it draws, per chain and balance (ETH for native ETH wrapped first), and how it crosses. */
  sources: {
    chainId: number
    tokenAddress: Address
    tokenSymbol: string
    amount: string
    settlementLayer: ArbitratedLayer
  }[]
  /** The fee in USD, as intentCost.feeBreakdownUSD.totalFeeUSD counts it. */
  feeUSD: number
  /** What the user pays in the fee token's base units (intentCost.feeToken.amount). */
  feeAmount: string
  /** Merged into the request, these fields ask for this route. */
  request: {
    accountAccessList: { chainTokens: Record<string, string[]> }
    options: { fundingMethod: 'COMPACT' | 'PERMIT2'; settlementLayers: IntentLayerName[] }
  }
}
