// Wire schema of POST /intents/route as @rhinestone/sdk sends it (version 2026-01.alps), with the
// older forms it still accepts (numeric amounts, token symbols).
// Every list and byte field is bounded, and the bound is in the error message.
import { z } from 'zod'
import { refusedRecipient } from '../core/route/request/refusedRecipient'
import type { Execution, RouteInput } from '../core/route/routeInput'
import { requestLayerNames } from '../core/route/settlementLayers'
import { amountSchema } from './amount'
import { addressInput, hexBytes } from './primitives'
import { sizeFirst } from './sizeFirst'

/** No destination call can use more gas than a block holds (30M on the supported chains' L1). */
const MAX_GAS_UNITS = 30_000_000n

export const routeLimits = {
  tokenRequests: 10,
  destinationExecutions: 20,
  setupOps: 10,
  preClaimChains: 5,
  preClaimOpsPerChain: 10,
  calldataBytes: 32 * 1024,
  accessListEntries: 50,
  authorizations: 10,
  /** Chains in a record keyed by chain id (delegations, chainTokens). */
  chains: 16,
} as const

const address = addressInput()

/** A chain id as a record key: digits without leading zeros, so "010" can never stand beside "10". */
const chainIdKey = z.string().regex(/^(0|[1-9]\d{0,9})$/)
const byChainError = 'must be an object keyed by chain ids (digits, no leading zeros)'
/** A record keyed by chain ids, counted before its entries are validated. */
const byChain = <T extends z.ZodType>(value: T, max: number) => {
  const record = z.record(chainIdKey, value, { error: byChainError })
  return sizeFirst(record, max, `at most ${max} chains`)
}

const chainId = z
  .union([z.number(), z.string().regex(/^\d+$/, 'must be a chain id').transform(Number)])
  .pipe(z.number().int().min(0))

/** An address or a symbol (`USDC`, `ETH`, …): resolved against the chain later. */
const tokenRef = z.string().regex(/^[A-Za-z0-9_.]{1,64}$/, 'must be a token address or symbol')

/** Free-form JSON the service carries but does not interpret: kept small and storable. */
const boundedJson = (maxBytes: number) =>
  z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    let text: string
    try {
      text = JSON.stringify(value)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be plain JSON' })
      return
    }
    if (text.length > maxBytes) ctx.addIssue({ code: 'custom', message: `must be at most ${maxBytes} bytes of JSON` })
    else if (text.includes('\\u0000')) ctx.addIssue({ code: 'custom', message: 'must not contain NUL characters' })
  })

/** A list counted before its entries are validated. */
const list = <T extends z.ZodType>(item: T, max: number) => {
  const message = `at most ${max} entries`
  return sizeFirst(z.array(item).max(max, message), max, message)
}

const execution = z.object({
  to: address,
  value: amountSchema.default(0n),
  data: hexBytes(routeLimits.calldataBytes).default('0x'),
}) satisfies z.ZodType<Execution, unknown>

const accountDetails = z.object({
  address,
  accountType: z.enum(['smartAccount', 'GENERIC', 'EOA', 'ERC7579']).default('smartAccount'),
  setupOps: list(z.object({ to: address, data: hexBytes(routeLimits.calldataBytes) }), routeLimits.setupOps).default(
    [],
  ),
  emissaryConfig: boundedJson(4_096).optional(),
  delegations: byChain(z.object({ contract: address }), routeLimits.chains).default({}),
})

const accessFilter = z.object({
  chainIds: list(chainId, routeLimits.accessListEntries).optional(),
  tokens: list(tokenRef, routeLimits.accessListEntries).optional(),
  chainTokens: byChain(list(tokenRef, routeLimits.accessListEntries), routeLimits.chains).optional(),
})

const accountAccessList = z.union([
  accessFilter.extend({ exclude: accessFilter.optional() }),
  // Legacy form: [{ chainId, tokenAddress, amount? }]
  list(z.object({ chainId, tokenAddress: tokenRef, amount: amountSchema.optional() }), routeLimits.accessListEntries),
])

const settlementLayer = z.enum(requestLayerNames)

const authorization = z.object({
  chainId,
  address,
  nonce: amountSchema,
  yParity: z.union([z.literal(0), z.literal(1)]),
  r: hexBytes(32).refine((h) => h.length === 66, 'must be 32 bytes'),
  s: hexBytes(32).refine((h) => h.length === 66, 'must be 32 bytes'),
})

const preClaimOps = list(execution, routeLimits.preClaimOpsPerChain)

export const routeRequestSchema = z
  .object({
    destinationChainId: chainId,
    /** Empty for a call-only intent (destinationExecutions and no tokens). */
    tokenRequests: list(
      z.object({ tokenAddress: tokenRef, amount: amountSchema.optional() }),
      routeLimits.tokenRequests,
    ),
    account: accountDetails,
    recipient: accountDetails.optional(),
    destinationExecutions: list(execution, routeLimits.destinationExecutions).default([]),
    destinationGasUnits: amountSchema
      .pipe(z.bigint().max(MAX_GAS_UNITS, `at most ${MAX_GAS_UNITS} (a block's gas)`))
      .optional(),
    accountAccessList: accountAccessList
      .optional()
      .describe(
        'Where the route may take funds from. An empty include-list (`chainIds: []`, `tokens: []`, `chainTokens: ' +
          '{}`, or the legacy `[]`) means no restriction by that list; an empty `exclude` list excludes nothing.',
      ),
    preClaimExecutions: byChain(preClaimOps, routeLimits.preClaimChains).default({}),
    options: z
      .object({
        topupCompact: z.boolean().default(false),
        settlementLayers: list(settlementLayer, 7)
          .optional()
          .describe('The cross-chain layers the route may use; absent or `[]` means every layer.'),
        sponsorSettings: z
          .object({
            gasSponsored: z.boolean().default(false),
            bridgeFeesSponsored: z.boolean().default(false),
            swapFeesSponsored: z.boolean().default(false),
            protocolFeesSponsored: z.boolean().default(false),
          })
          .optional(),
        feeToken: tokenRef.optional(),
        /** Fill deadline (unix seconds) instead of the service's route lifetime; within that lifetime. */
        customDeadline: amountSchema.optional(),
        fundingMethod: z
          .enum(['COMPACT', 'PERMIT2'])
          .optional()
          .describe(
            'Draw only on funds locked in The Compact (`COMPACT`) or only on unlocked funds (`PERMIT2`); absent: ' +
              'whichever route is cheaper.',
          ),
        alternatives: z
          .boolean()
          .optional()
          .describe(
            'Also answer `alternatives`: the other routes the planner found for this request (other sources, ' +
              'settlement layers, locked or unlocked funds), each with its fee and the request fields that ask for ' +
              'it. Absent or false: no `alternatives` in the answer.',
          ),
        // Sent by the client, not honoured here: refused by name below when they ask for anything.
        appFees: z.unknown().optional(),
        protocolFees: z.unknown().optional(),
        auxiliaryFunds: z.unknown().optional(),
      })
      .default({ topupCompact: false }),
    /** EIP-7702 authorizations for `account.delegations` / `recipient.delegations` (additive). */
    signedAuthorizations: list(authorization, routeLimits.authorizations).default([]),
    recipientSignedAuthorizations: list(authorization, routeLimits.authorizations).default([]),
  })
  .superRefine((r, ctx) => {
    const refuse = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: field.split('.'), message })
    if (r.options.topupCompact)
      refuse(
        'options.topupCompact',
        'locking funds in The Compact within a route is not supported; deposit first, then route from the lock',
      )
    for (const field of ['appFees', 'protocolFees', 'auxiliaryFunds'] as const) {
      const value = r.options[field]
      const empty =
        value === undefined ||
        value === null ||
        (Array.isArray(value) && value.length === 0) ||
        (typeof value === 'object' && value !== null && Object.keys(value).length === 0)
      if (!empty)
        refuse(
          `options.${field}`,
          field === 'auxiliaryFunds'
            ? 'funds from outside the account are not supported'
            : 'fees set by the caller are not supported; this service charges its own protocol fee (see intentCost)',
        )
    }
    // Nothing to do at all, unless the account's setupOps deploy it (the client's `deploy()`).
    if (r.tokenRequests.length === 0 && r.destinationExecutions.length === 0 && r.account.setupOps.length === 0) {
      refuse(
        'tokenRequests',
        'at least one token request, destinationExecutions for a call-only intent, or account.setupOps that ' +
          'deploy the account',
      )
    }
    // What the dashboard refuses as a recipient (lib/ui/route/addressProblems.ts), refused here too.
    const refused = r.recipient && refusedRecipient(r.recipient.address)
    if (refused) refuse('recipient.address', `must not be ${refused}`)
    if (r.tokenRequests.filter((t) => t.amount === undefined).length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['tokenRequests'],
        message: 'Only one target token amount can be unset',
        params: { exact: true },
      })
    }
  }) satisfies z.ZodType<RouteInput, unknown>

/** The body as validated: the engine's RouteInput, which the schema is checked against. */
export type RouteRequest = z.infer<typeof routeRequestSchema>
