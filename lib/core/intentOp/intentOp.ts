// The route response the engine builds, as the wire carries it (the 2026-01.alps shape
// @rhinestone/sdk reads, plus the documented additions): the intentOp a sponsor signs, what it costs
// and what the account must approve or wrap first. Stated once, as zod schemas; the types are
// inferred from them, lib/api/routeResponse.ts serves them and the OpenAPI document is generated
// from them. Amounts, nonces and times are decimal strings (the wire's form).
import { z } from 'zod'
import { arbitratedLayerNames, intentLayerNames, wireLayerNames } from '../layers/layerLists'
import { chainWarningsSchema } from '../wire/chainWarnings'
import { address, decimal, hex } from '../wire/scalars'

/** `[id, amount]`: an ERC-6909 lock id or a token's id (its address as a number) and an amount. */
const idAmount = z.tuple([decimal, decimal])
const execution = z.object({ to: address, value: decimal, data: hex })
const op = z.object({ vt: hex, ops: z.array(execution) })

const settlementContext = z.object({
  settlementLayer: z.enum(wireLayerNames),
  using7579: z.boolean(),
  fundingMethod: z.enum(['COMPACT', 'PERMIT2', 'NO_FUNDING']),
  provingFee: decimal.optional(),
  requestId: hex.optional(),
  orderId: hex.optional(),
  gasRefund: z.object({ token: address, exchangeRate: decimal, overhead: decimal }).optional(),
  bridgeFill: z.object({ type: z.literal('OFT'), destinationChainId: z.number().int() }).optional(),
  bridge: z
    .object({
      type: z.literal('OFT'),
      oftToken: z.literal('USDT0'),
      dstChainId: z.number().int(),
      dstEid: z.number().int(),
      minAmountLD: decimal,
      adapter: address,
    })
    .optional(),
  prefundAmount: decimal
    .optional()
    .describe(
      "Native ETH (wei) the relayer hands the account with its ops (an OFT send's LayerZero fee), charged in the " +
        "route's fee",
    ),
})

const element = z.object({
  arbiter: address,
  chainId: decimal,
  idsAndAmounts: z.array(idAmount),
  spendTokens: z.array(idAmount),
  mandate: z.object({
    recipient: address,
    tokenOut: z.array(idAmount),
    destinationChainId: decimal,
    fillDeadline: decimal,
    preClaimOps: op,
    destinationOps: op,
    qualifier: z.object({ settlementContext, encodedVal: hex }),
    minGas: decimal,
  }),
})

const accountContext = z.union([
  z.object({ accountType: z.literal('EOA') }),
  z.object({
    accountType: z.literal('smartAccount'),
    isDeployed: z.boolean(),
    isERC7579: z.boolean(),
    delegatedTo: address.optional(),
  }),
])

const accountWithContext = z.object({
  address,
  accountType: z.string(),
  setupOps: z.array(z.object({ to: address, data: hex })),
  emissaryConfig: z.record(z.string(), z.unknown()).optional(),
  accountContext: z.record(z.string(), accountContext),
  requiredDelegations: z.record(z.string(), z.object({ contract: address })),
})

/** Per OP-stack chain the L1 fee parameters read from its GasPriceOracle, or an assumed size fee. */
const opGasParams = z.union([
  z.number(),
  z.object({ l1BaseFee: decimal, l1BlobBaseFee: decimal, baseFeeScalar: decimal, blobFeeScalar: decimal }),
])

const signedMetadata = z.object({
  tokenPrices: z.record(z.string(), z.number()),
  gasPrices: z.record(z.string(), decimal),
  opGasParams: z.record(z.string(), opGasParams),
  account: accountWithContext,
  recipient: accountWithContext,
  quotes: z.record(z.string(), z.array(z.unknown())),
  fees: z.object({
    sponsorFee: z.object({ relayer: z.number(), protocol: z.number() }),
    protocolFees: z.record(z.string(), decimal),
  }),
  executionTokensReceived: z.array(address),
})

export const authorizationSchema = z.object({
  chainId: z.number().int(),
  address,
  nonce: decimal,
  yParity: z.number().int(),
  r: hex,
  s: hex,
})

export const intentOpSchema = z.object({
  sponsor: address,
  nonce: decimal,
  /** Nonce of the destination execution (SDK field); equal to `nonce`: one execution per route. */
  targetExecutionNonce: decimal,
  expires: decimal.describe('Unix seconds'),
  elements: z.array(element),
  serverSignature: hex.describe(
    'EIP-191 signature over keccak256(canonicalJson(intentOp without serverSignature)); signer at /api/v1/signer',
  ),
  signedMetadata,
  signedAuthorizations: z.array(authorizationSchema),
  recipientSignedAuthorizations: z.array(authorizationSchema),
})

const feeBreakdown = z
  .object({ gasFee: decimal, bridgeFee: decimal, protocolFee: decimal, swapFee: decimal, settlementFee: decimal })
  .describe("The fee by kind, in the fee token's base units; the parts add up to the fee")
const feesByToken = z
  .record(z.string(), z.object({ amount: decimal, breakdown: feeBreakdown }))
  .describe('Fees by the token they are paid in (keyed by its address)')

const tokenReceived = z.object({
  tokenAddress: address,
  tokenSymbol: z.string(),
  tokenDecimals: z.number().int(),
  amountSpent: decimal,
  targetAmount: decimal,
  destinationAmount: decimal,
  fee: decimal,
  feeBreakdown,
  feesByToken,
  hasFulfilled: z.boolean(),
})

const tokenShortfall = z.object({
  tokenAddress: address,
  tokenSymbol: z.string(),
  tokenDecimals: z.number().int(),
  destinationChainId: z.number().int(),
  targetAmount: decimal,
  destinationAmount: decimal,
  amountSpent: decimal.describe('What the allowed sources can give'),
  fee: decimal,
  feesByToken,
  feeAmount: decimal,
  availableAmount: decimal,
  shortfallAmount: decimal,
  shortfallUSD: z.number(),
})

/** What a route costs and delivers; also what a 422 Insufficient balance carries (insufficientBalance.ts). */
export const intentCostSchema = z.object({
  hasFulfilledAll: z.boolean(),
  tokensReceived: z.array(tokenReceived),
  sponsorFee: z.object({ relayer: z.number(), protocol: z.number() }),
  feeToken: z.object({ tokenAddress: address, tokenSymbol: z.string(), amount: decimal }),
  nativeFees: z.array(z.object({ chainId: z.number().int(), amount: decimal, usd: z.number() })).optional(),
  tokensSpent: z
    .record(
      z.string(),
      z.record(z.string(), z.object({ locked: decimal, unlocked: decimal, version: z.number().int() })),
    )
    .optional(),
  gasCost: z
    .object({
      originChains: z.array(z.object({ chainId: z.number().int(), gasUSD: z.number() })),
      destination: z.object({ chainId: z.number().int(), gasUSD: z.number() }),
      totalUSD: z.number(),
    })
    .optional(),
  feeBreakdownUSD: z
    .object({
      gasFeeUSD: z.number(),
      bridgeFeeUSD: z.number(),
      protocolFeeUSD: z.number(),
      swapFeeUSD: z.number(),
      settlementFeeUSD: z.number(),
      totalFeeUSD: z.number(),
    })
    .optional(),
  tokenShortfall: z.array(tokenShortfall).optional(),
  totalTokenShortfallInUSD: z.number().optional(),
})

const tokenRequirement = z.union([
  z.object({ type: z.literal('approval'), amount: decimal, spender: address }),
  z.object({ type: z.literal('wrap'), amount: decimal }),
])

const sourceLayer = z.enum(arbitratedLayerNames)
/** Another route the planner found for the same request, and the request fields that ask for it. */
const alternative = z.object({
  chosen: z.boolean().describe('True for the route this answer’s intentOp is'),
  fundingMethod: z
    .enum(['COMPACT', 'PERMIT2'])
    .describe('COMPACT: funds locked in The Compact; PERMIT2: unlocked funds'),
  sources: z
    .array(
      z.object({
        chainId: z.number().int(),
        tokenAddress: address,
        tokenSymbol: z.string(),
        amount: decimal,
        settlementLayer: sourceLayer,
      }),
    )
    .describe(
      'What it draws per chain and balance (native ETH, wrapped first, as the zero address) and how it crosses',
    ),
  feeUSD: z.number().describe('The fee in USD, as intentCost.feeBreakdownUSD.totalFeeUSD counts it'),
  feeAmount: decimal.describe("What the user pays in the fee token's base units, as intentCost.feeToken.amount"),
  request: z
    .object({
      accountAccessList: z.object({ chainTokens: z.record(z.string(), z.array(z.string())) }),
      options: z.object({
        fundingMethod: z.enum(['COMPACT', 'PERMIT2']),
        settlementLayers: z.array(z.enum(intentLayerNames)),
      }),
    })
    .describe(
      'Merged into the request (replacing its accountAccessList, options.fundingMethod and ' +
        'options.settlementLayers), these fields ask for this route',
    ),
})

export const routeResponseSchema = z.object({
  intentOp: intentOpSchema
    .nullable()
    .describe(
      'Always set in a /intents/route answer: a request the account cannot cover is a 422 Insufficient balance ' +
        '(errors[0].context.intentCost has the shortfall); null only in a shortfall an earlier version stored, ' +
        'read back from the history',
    ),
  intentCost: intentCostSchema,
  /** By chain id, then token address. */
  tokenRequirements: z.record(z.string(), z.record(z.string(), tokenRequirement)),
  warnings: chainWarningsSchema.optional().describe('Source chains that did not answer and were planned without'),
  alternatives: z
    .array(alternative)
    .optional()
    .describe(
      'Only when the request sets options.alternatives: the chosen route and up to five others the planner found ' +
        'within what the request allows (each funding method, each settlement layer alone, each source chain ' +
        'alone), the others cheapest first; absent for a route a request cannot ask for by name (an OFT send, an ' +
        "account's own escrow ops, its own single-chain ops)",
    ),
})

export type IdAmount = z.infer<typeof idAmount>
export type WireExecution = z.infer<typeof execution>
export type WireOp = z.infer<typeof op>
/** A settlement layer's name on the wire (lib/core/layers/: each layer states its own). */
export type SettlementLayerName = WireSettlementContext['settlementLayer']
export type WireSettlementContext = z.infer<typeof settlementContext>
export type WireElement = z.infer<typeof element>
export type AccountContext = z.infer<typeof accountContext>
export type AccountWithContext = z.infer<typeof accountWithContext>
export type OpGasParams = z.infer<typeof opGasParams>
export type SignedMetadata = z.infer<typeof signedMetadata>
export type WireAuthorization = z.infer<typeof authorizationSchema>
export type WireIntentOp = z.infer<typeof intentOpSchema>
/** An intentOp before the server signs it: what the routes table keeps (the signature is a function
 * of it and the server's key, see serverSignature.ts). */
export type UnsignedIntentOp = Omit<WireIntentOp, 'serverSignature'>
export type FeeBreakdown = z.infer<typeof feeBreakdown>
export type FeesByToken = z.infer<typeof feesByToken>
export type TokenReceived = z.infer<typeof tokenReceived>
export type TokenShortfall = z.infer<typeof tokenShortfall>
export type IntentCost = z.infer<typeof intentCostSchema>
export type TokenRequirement = z.infer<typeof tokenRequirement>
export type RouteAlternative = z.infer<typeof alternative>
export type RouteResponse = z.infer<typeof routeResponseSchema>
/** A route as quoted, before its intentOp is signed. */
export type UnsignedRouteResponse = Omit<RouteResponse, 'intentOp'> & { intentOp: UnsignedIntentOp | null }
