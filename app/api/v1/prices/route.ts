import { serializePrices } from '@/lib/api/prices'
import { authenticate } from '@/lib/server/apiKeys'
import { serverContext } from '@/lib/server/context'
import { handle, methodNotAllowed } from '@/lib/server/http'
import { usdPrices } from '@/lib/server/prices'

export const GET = handle(async (request) => {
  const ctx = serverContext()
  authenticate(request.headers, ctx.apiKeys, 'portfolio:read')
  return Response.json(serializePrices(await usdPrices(ctx)))
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(['GET'])
