// Wire schemas of GET /accounts/{userAddress}/routes: an account's issued routes, newest first.
import { type Address, getAddress, isAddress } from 'viem'
import { z } from 'zod'
import type { StoredRoute } from '../storage/routeStore'

export const routeHistoryQuerySchema = z.object({
  userAddress: z
    .string()
    .refine((a) => isAddress(a), 'must be a 0x-prefixed 20-byte address (checksummed or all one case)')
    .transform((a) => getAddress(a) as Address),
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100, 'at most 100').default(20),
  cursor: z.string().max(200).optional(),
})

export const routeHistoryResponseSchema = z.object({
  routes: z.array(
    z.object({
      nonce: z.string().regex(/^\d+$/),
      createdAt: z.string(),
      expires: z.string().regex(/^\d+$/),
      expired: z.boolean(),
      destinationChainId: z.number().int(),
      request: z.unknown(),
      route: z.unknown(),
    }),
  ),
  nextCursor: z.string().nullable(),
})

export type RouteHistoryResponse = z.infer<typeof routeHistoryResponseSchema>

export function serializeRouteHistory(page: { routes: StoredRoute[]; nextCursor: string | null }, nowSeconds: number): RouteHistoryResponse {
  return {
    routes: page.routes.map((r) => ({
      nonce: r.nonce,
      createdAt: r.createdAt.toISOString(),
      expires: r.expires,
      expired: BigInt(r.expires) <= BigInt(nowSeconds),
      destinationChainId: r.destinationChainId,
      request: r.request,
      route: r.response,
    })),
    nextCursor: page.nextCursor,
  }
}
