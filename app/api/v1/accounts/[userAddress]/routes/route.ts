import { validationError } from '@/lib/api/errorEnvelope'
import { listRoutes as operation } from '@/lib/api/operations'
import { serializeRouteHistory } from '@/lib/api/routeHistory'
import { requireAccount } from '@/lib/server/accountAccess'
import { requireCaller } from '@/lib/server/caller'
import { handle, methodNotAllowed } from '@/lib/server/http'
import { routeHistory } from '@/lib/server/routeHistory'

export const GET = handle<{ userAddress: string }>(async (request, context) => {
  const caller = await requireCaller(request, operation.scope, context)
  const search = Object.fromEntries(new URL(request.url).searchParams)
  const query = operation.parameters.safeParse({ ...search, userAddress: (await context.params).userAddress })
  if (!query.success) throw validationError(query.error)
  requireAccount(caller, query.data.userAddress, { task: 'read route history', field: 'userAddress' })
  const page = await routeHistory(query.data.userAddress, caller, query.data)
  return Response.json(serializeRouteHistory(page, Math.floor(Date.now() / 1000)))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(['GET'])
