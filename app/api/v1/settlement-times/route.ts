import { getSettlementTimes as operation } from '@/lib/api/operations'
import { serializeSettlementTimes } from '@/lib/api/settlementTimes'
import { handle, serve } from '@/lib/server/handle'
import { SETTLEMENT_TIMES_WINDOW_SECONDS, settlementTimes } from '@/lib/server/settlementTimes'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async () => serializeSettlementTimes(SETTLEMENT_TIMES_WINDOW_SECONDS, await settlementTimes())),
)
