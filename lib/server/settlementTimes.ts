import 'server-only'
// Measured settlement times: the intents that COMPLETED in the last day (the latest 500),
// summarised per destination chain.
import { type SettlementTimes, summariseSettlementTimes } from '../core/intent/settlementTimes'
import { completedSettlementSamples } from '../storage/intentStore'
import { database } from './database'

export const SETTLEMENT_TIMES_WINDOW_SECONDS = 86_400
const SAMPLE_LIMIT = 500

export async function settlementTimes(): Promise<SettlementTimes[]> {
  return summariseSettlementTimes(
    await completedSettlementSamples(await database(), SETTLEMENT_TIMES_WINDOW_SECONDS, SAMPLE_LIMIT),
  )
}
