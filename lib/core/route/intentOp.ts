// The wire shape of a route's intentOp (spec §2.3): what the client signs and submits.
import type { Address, Hex } from 'viem'
import type { WireOp } from './ops'
import type { WireSettlementContext } from './settlementContext'

export type IdAmount = [string, string]

export type WireAuthorization = { chainId: number; address: Address; nonce: string; yParity: number; r: Hex; s: Hex }

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

export type AccountContext = { accountType: 'EOA' } | { accountType: 'smartAccount'; isDeployed: boolean; isERC7579: boolean; delegatedTo?: Address }

export type AccountWithContext = {
  address: Address
  accountType: string
  setupOps: { to: Address; data: Hex }[]
  emissaryConfig?: Record<string, unknown>
  accountContext: Record<string, AccountContext>
  requiredDelegations: Record<string, { contract: Address }>
}

export type OpGasParams = { l1BaseFee: string; l1BlobBaseFee: string; baseFeeScalar: string; blobFeeScalar: string }

export type SignedMetadata = {
  tokenPrices: Record<string, number>
  gasPrices: Record<string, string>
  /** Per OP-stack chain id the L1 fee parameters read from its GasPriceOracle, plus the calldata size fees assumed. */
  opGasParams: Record<string, OpGasParams | number>
  account: AccountWithContext
  recipient: AccountWithContext
  quotes: Record<string, unknown[]>
  fees: { sponsorFee: { relayer: number; protocol: number }; protocolFees: Record<string, string> }
  executionTokensReceived: Address[]
}

export type WireIntentOp = {
  sponsor: Address
  nonce: string
  /** Nonce of the destination execution (SDK field); equal to `nonce`: one execution per route. */
  targetExecutionNonce: string
  expires: string
  elements: WireElement[]
  serverSignature: Hex
  signedMetadata: SignedMetadata
  signedAuthorizations: WireAuthorization[]
  recipientSignedAuthorizations: WireAuthorization[]
}
