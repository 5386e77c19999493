// Wire shape of GET /api/v1/settlement-times (an addition to the spec, used by the dashboard's ETA).
import { z } from 'zod'
import type { SettlementTimes } from '../core/intent/settlementTimes'

export const settlementTimesResponseSchema = z.object({
  windowSeconds: z.number().int().describe('How far back the measured intents completed.'),
  destinations: z
    .array(
      z.object({
        chainId: z.number().int(),
        samples: z.number().int().describe('Intents to this chain that completed in the window.'),
        p50Seconds: z.number().describe('Median time from submission to COMPLETED, in seconds.'),
        p90Seconds: z.number().describe('90th percentile of the same, in seconds.'),
      }),
    )
    .describe('One entry per destination chain with at least one completed intent in the window.'),
})

export type SettlementTimesResponse = z.infer<typeof settlementTimesResponseSchema>

export function serializeSettlementTimes(
  windowSeconds: number,
  destinations: readonly SettlementTimes[],
): SettlementTimesResponse {
  return { windowSeconds, destinations: destinations.map((d) => ({ ...d })) }
}
