import { getChains as operation } from '@/lib/api/operations'
import { requireCaller } from '@/lib/server/caller'
import { handle, methodNotAllowed } from '@/lib/server/http'
import { servedChains } from '@/lib/server/liquidity'

export const GET = handle(async (request, context) => {
  await requireCaller(request, operation.scope, context)
  return Response.json(servedChains())
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(['GET'])
