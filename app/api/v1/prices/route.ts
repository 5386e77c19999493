import { getPrices as operation } from '@/lib/api/operations'
import { serializePrices } from '@/lib/api/prices'
import { serverContext } from '@/lib/server/context'
import { handle, serve } from '@/lib/server/handle'
import { usdPrices } from '@/lib/server/prices'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async () => serializePrices(await usdPrices(serverContext()))),
)
