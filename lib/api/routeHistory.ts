// Wire schemas of GET /accounts/{userAddress}/routes (an account's issued routes as summaries,
// newest first) and GET /accounts/{userAddress}/routes/{nonce} (one stored route in full).
import { type Address, getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { routeStatuses, storedRouteSummaryMaxBytes } from '../core/history/summariseStoredRoute'
import type { StoredRoute } from '../storage/routeStore'

const decimal = z.string().regex(/^\d{1,78}$/)
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const intentStatus = z.enum(['PENDING', 'CLAIMED', 'FILLED', 'COMPLETED', 'FAILED'])

const userAddress = z
  .string()
  .refine((a) => isAddress(a), 'must be a 0x-prefixed 20-byte address (checksummed or all one case)')
  .transform((a) => getAddress(a) as Address)

export const routeHistoryQuerySchema = z.object({
  userAddress,
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(100, 'at most 100')
    .default(20)
    .describe('Entries per page, 1–100 (default 20)'),
  cursor: z.string().max(200).optional().describe("The previous page's nextCursor; omit for the newest entries"),
})

const tokenAmount = z.object({ token: address, amount: decimal.describe("In the token's base units") })

export const routeSummarySchema = z.object({
  nonce: decimal,
  createdAt: z.string(),
  expires: decimal.describe('Unix seconds'),
  expired: z.boolean(),
  destinationChainId: z.number().int(),
  requestKey: z
    .string()
    .regex(/^0x[0-9a-f]{32}$/)
    .describe(
      'The same for every route issued for the same request (a hash of its canonical JSON): group re-requests by it',
    ),
  delivers: z
    .array(tokenAmount)
    .max(10)
    .describe("What arrives on the destination chain, summed per token (a shortfall's: what was asked)"),
  recipient: address.nullable().describe('Who receives the tokens on the destination chain; null without an intentOp'),
  sourceChainIds: z
    .array(z.number().int())
    .max(16)
    .describe('The chains the route takes tokens from (one element each)'),
  fee: tokenAmount.nullable().describe('The fee in its token (intentCost.feeToken)'),
  signingScheme: z
    .enum(['COMPACT', 'PERMIT2', 'NO_FUNDING'])
    .nullable()
    .describe("The elements' fundingMethod; null without an intentOp"),
  hasIntentOp: z
    .boolean()
    .describe('false when the account could not cover the request (a shortfall: nothing to sign)'),
  status: z
    .enum(routeStatuses)
    .describe(
      'BUILT (signable, not submitted), EXPIRED (never submitted), SHORTFALL (nothing to sign), SUBMITTED ' +
        '(settling), COMPLETED or FAILED; signing happens in the wallet and shows once submitted',
    ),
  intentStatus: intentStatus
    .nullable()
    .describe('The intent’s status once submitted (as /intent-operation/{id} reports it)'),
})

export const routeHistoryResponseSchema = z.object({
  routes: z
    .array(routeSummarySchema)
    .describe(
      `Summaries only (each at most ${storedRouteSummaryMaxBytes} bytes of JSON); read a route in full at ` +
        '/accounts/{userAddress}/routes/{nonce}',
    ),
  nextCursor: z.string().nullable().describe('Pass back as cursor for the next page; null on the last'),
})

export type RouteSummaryLine = z.infer<typeof routeSummarySchema>

export const storedRouteParamsSchema = z.object({
  userAddress,
  nonce: z
    .string()
    .regex(/^\d{1,78}$/, 'must be a route nonce (a decimal integer)')
    .transform((v) => BigInt(v)),
})

export const storedRouteResponseSchema = z.object({
  nonce: decimal,
  createdAt: z.string(),
  expires: decimal.describe('Unix seconds'),
  expired: z.boolean(),
  destinationChainId: z.number().int(),
  status: z.enum(routeStatuses),
  intentStatus: intentStatus.nullable(),
  request: z
    .unknown()
    .describe('The validated request the route answered (POST it to /intents/route again for a fresh route)'),
  route: z.unknown().describe('The route exactly as issued (the /intents/route response)'),
})

export type StoredRouteResponse = z.infer<typeof storedRouteResponseSchema>

export function serializeStoredRoute(
  r: StoredRoute,
  p: { intentStatus: z.infer<typeof intentStatus> | null; status: StoredRouteResponse['status']; expired: boolean },
): StoredRouteResponse {
  return {
    nonce: r.nonce,
    createdAt: r.createdAt.toISOString(),
    expires: r.expires,
    expired: p.expired,
    destinationChainId: r.destinationChainId,
    status: p.status,
    intentStatus: p.intentStatus,
    request: r.request,
    route: r.response,
  }
}
