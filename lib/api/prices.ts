// Wire shape of GET /api/v1/prices (an addition to the spec, used by the dashboard).
import { z } from 'zod'
import type { UsdPrice } from '../core/prices/readUsdPrices'
import type { TokenGroup } from '../core/tokens/tokenList'

export const pricesResponseSchema = z.object({
  prices: z.record(
    z.string(),
    z.object({
      usd: z.number(),
      answer: z.string().regex(/^\d+$/),
      decimals: z.number().int(),
      updatedAt: z.string().regex(/^\d+$/),
    }),
  ),
})

export type PricesResponse = z.infer<typeof pricesResponseSchema>

export function serializePrices(prices: Record<TokenGroup, UsdPrice>): PricesResponse {
  return {
    prices: Object.fromEntries(
      Object.entries(prices).map(([group, p]) => [
        group,
        { usd: p.usd, answer: p.answer.toString(), decimals: p.decimals, updatedAt: p.updatedAt.toString() },
      ]),
    ),
  }
}
