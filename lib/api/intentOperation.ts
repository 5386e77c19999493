// Wire schemas of the intent lifecycle (the 2026-01.alps shapes @rhinestone/sdk sends and reads): submit a signed
// intentOp,
// read its status, list an account's submitted intents.
import { getAddress } from 'viem'
import { z } from 'zod'
import type { SubmittedIntentOp } from '../core/intent/verifySubmission'
import type { IntentRecord, JournalStep } from '../storage/intentStore'
import { decimal, hash, signature } from './primitives'
import { routeHistoryQuerySchema } from './routeHistory'
import { authorizationSchema, intentOpSchema } from './routeResponse'
import { sizeFirst } from './sizeFirst'

/** An EIP-7702 authorization as the client submits it: @rhinestone/sdk sends the nonce as a JSON number. */
const submittedAuthorizationSchema = authorizationSchema.extend({
  nonce: z
    .union([decimal, z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
    .transform(String)
    .describe('The account nonce the authorization was signed for: a decimal string or a JSON number'),
})

export const submitIntentBodySchema = z.object({
  signedIntentOp: intentOpSchema.extend({
    elements: sizeFirst(intentOpSchema.shape.elements.max(64), 64, 'at most 64 entries'),
    /** The client replaces the route's list with the authorizations it signed (absent when none). */
    signedAuthorizations: sizeFirst(z.array(submittedAuthorizationSchema).max(10), 10, 'at most 10 entries').optional(),
    originSignatures: sizeFirst(z.array(signature).min(1).max(64), 64, 'at most 64 entries').describe(
      'One per element, in element order: the sponsor over the typed data the client builds for the route',
    ),
    destinationSignature: signature.optional().describe('For an EOA the client repeats its last origin signature'),
    targetExecutionSignature: signature.optional(),
    options: z.object({ dryRun: z.boolean().optional() }).optional(),
  }) satisfies z.ZodType<SubmittedIntentOp>,
})

export type SubmitIntentBody = z.infer<typeof submitIntentBodySchema>
export type SignedIntentOp = SubmitIntentBody['signedIntentOp']

export const submitIntentResponseSchema = z.object({
  result: z.object({
    id: z.string().regex(/^\d+$/).describe('The intent id: the route nonce, a decimal integer'),
    status: z
      .enum(['PENDING', 'FAILED'])
      .describe('PENDING once accepted; a dry run answers PENDING and executes nothing'),
    dryRun: z.boolean().optional(),
  }),
})

export const intentIdSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,78}$/, 'must be a decimal intent id')
    .transform((v) => BigInt(v)),
})

export const intentStatusResponseSchema = z.object({
  id: z.string(),
  status: z
    .enum(['PENDING', 'CLAIMED', 'FILLED', 'COMPLETED', 'FAILED'])
    .describe(
      'PENDING → CLAIMED → FILLED → COMPLETED, or FAILED (an expired intent is FAILED with its failureReason, so ' +
        'the client stops polling)',
    ),
  destinationChainId: z.number().int(),
  userAddress: z.string(),
  fillTimestamp: z.number().int().optional(),
  fillTransactionHash: hash.optional(),
  delivery: z
    .literal('transfer')
    .optional()
    .describe(
      'Set when a re-org undid the fill after the filler had been paid and the fill could no longer be mined: ' +
        'the filler sent tokenOut to the recipient from its inventory with a plain transfer (fillTransactionHash ' +
        "is that transfer's, one per token; the first named)",
    ),
  failureReason: z
    .string()
    .optional()
    .describe('Why the intent FAILED (set only then), e.g. "expired: …" or "the escrow of element 1 failed: …"'),
  expired: z.boolean().optional(),
  refunds: z
    .array(
      z.object({
        chainId: z.number().int(),
        status: z
          .enum(['PENDING', 'COMPLETED'])
          .describe(
            'PENDING until the arbiter accepts the refund (fill deadline + 300 s), COMPLETED once the escrow is ' +
              'back with the sponsor',
          ),
        transactionHash: hash.optional(),
        timestamp: z.number().int().optional(),
        reason: z.string(),
      }),
    )
    .optional()
    .describe(
      "Escrows returned to the sponsor (PERMIT2 routes that failed after an origin chain's escrow): one per " +
        'origin chain, with the refund transaction once sent (always present in answers; empty when none)',
    ),
  claims: z.array(
    z.object({
      chainId: z.number().int(),
      status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
      claimTimestamp: z.number().int().optional(),
      claimTransactionHash: hash.optional(),
    }),
  ),
  accountOperations: z
    .array(
      z.object({
        kind: z
          .enum(['setup', 'preClaim', 'destinationCalls', 'singleChainOps'])
          .describe(
            "setup: the account's setupOps (its deployment, or the EIP-7702 delegation and initialisation); " +
              "preClaim: an element's pre-claim operations; destinationCalls: the route's calls on arrival; " +
              "singleChainOps: the account's own signed ops (SingleChainOps) run by the intent executor, for a " +
              'route settled through INTENT_EXECUTOR with NO_FUNDING (also reported as the fill)',
          ),
        chainId: z.number().int(),
        transactionHash: hash,
      }),
    )
    .optional()
    .describe(
      "The transactions the filler sent for a smart account's operations, in the order it signed them (absent " +
        'when there were none)',
    ),
  submittedAt: z.string(),
  updatedAt: z.string(),
})

export type AccountOperation = NonNullable<IntentStatusResponse['accountOperations']>[number]

/** The filler's journaled steps that are an account's operations, as the status names them. */
export function accountOperationsOf(journal: readonly JournalStep[]): AccountOperation[] {
  return journal.flatMap((e) => {
    const kind = e.step.startsWith('setup:')
      ? 'setup'
      : e.step.startsWith('preclaim:')
        ? 'preClaim'
        : e.step === 'destination-ops'
          ? 'destinationCalls'
          : e.step.startsWith('execute:')
            ? 'singleChainOps'
            : undefined
    return kind ? [{ kind, chainId: e.chainId, transactionHash: e.hash }] : []
  })
}

export type IntentStatusResponse = z.infer<typeof intentStatusResponseSchema>

export function serializeIntentStatus(
  intent: IntentRecord,
  accountOperations: readonly AccountOperation[] = [],
): IntentStatusResponse {
  return {
    id: intent.nonce,
    status: intent.status,
    destinationChainId: intent.destinationChainId,
    userAddress: getAddress(intent.sponsor),
    ...(intent.fill?.status === 'COMPLETED' && intent.fill.txHash ? { fillTransactionHash: intent.fill.txHash } : {}),
    ...(intent.fill?.timestamp ? { fillTimestamp: intent.fill.timestamp } : {}),
    ...(intent.fill?.method === 'transfer' ? { delivery: 'transfer' as const } : {}),
    ...(intent.failureReason ? { failureReason: intent.failureReason } : {}),
    ...(intent.failureReason?.startsWith('expired') ? { expired: true } : {}),
    refunds: intent.refunds.map((r) => ({
      chainId: r.chainId,
      status: r.status,
      ...(r.txHash ? { transactionHash: r.txHash } : {}),
      ...(r.timestamp ? { timestamp: r.timestamp } : {}),
      reason: r.reason,
    })),
    claims: intent.claims.map((c) => ({
      chainId: c.chainId,
      status: c.status,
      ...(c.txHash && c.status === 'COMPLETED' ? { claimTransactionHash: c.txHash } : {}),
      ...(c.timestamp ? { claimTimestamp: c.timestamp } : {}),
    })),
    ...(accountOperations.length ? { accountOperations: [...accountOperations] } : {}),
    submittedAt: intent.createdAt.toISOString(),
    updatedAt: intent.updatedAt.toISOString(),
  }
}

/** Same paging and address rules as route history. */
export const intentListQuerySchema = routeHistoryQuerySchema

export const intentListResponseSchema = z.object({
  intents: z.array(intentStatusResponseSchema),
  nextCursor: z.string().nullable(),
})
