import { getPrices as operation } from '@/lib/api/operations'
import { serializePrices } from '@/lib/api/prices'
import { requireCaller } from '@/lib/server/caller'
import { serverContext } from '@/lib/server/context'
import { handle, methodNotAllowed } from '@/lib/server/http'
import { usdPrices } from '@/lib/server/prices'

export const GET = handle(async (request, context) => {
  const ctx = serverContext()
  await requireCaller(request, operation.scope, context)
  return Response.json(serializePrices(await usdPrices(ctx)))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(['GET'])
