import { validationError } from '@/lib/api/errorEnvelope'
import { routeRequestSchema } from '@/lib/api/routeRequest'
import { getRoute } from '@/lib/core/route/getRoute'
import { authenticate } from '@/lib/server/apiKeys'
import { serverContext } from '@/lib/server/context'
import { handle, methodNotAllowed } from '@/lib/server/http'
import { readJsonBody } from '@/lib/server/jsonBody'
import { nextNonce } from '@/lib/server/nonce'
import { priceSource } from '@/lib/server/prices'

export const POST = handle(async (request) => {
  const ctx = serverContext()
  authenticate(request.headers, ctx.apiKeys, 'routes:create')
  const parsed = routeRequestSchema.safeParse(await readJsonBody(request))
  if (!parsed.success) throw validationError(parsed.error)
  const route = await getRoute({
    input: parsed.data,
    readers: ctx.readers,
    lockTags: ctx.lockTags,
    prices: priceSource(ctx),
    model: ctx.feeModel,
    ttlSeconds: ctx.routeTtlSeconds,
    nonce: nextNonce(),
    signer: ctx.signer,
  })
  return Response.json(route)
})

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(['POST'])
