import { validationError } from '@/lib/api/errorEnvelope'
import { getIntentRoute as operation } from '@/lib/api/operations'
import type { RouteResponse } from '@/lib/api/routeResponse'
import { requireAccount } from '@/lib/server/accountAccess'
import { requireCaller } from '@/lib/server/caller'
import { handle, jsonWithWarnings, methodNotAllowed } from '@/lib/server/http'
import { issueRoute } from '@/lib/server/issueRoute'
import { readJsonBody } from '@/lib/server/jsonBody'

export const POST = handle(async (request, context) => {
  const caller = await requireCaller(request, operation.scope, context)
  const body = await readJsonBody(request)
  const parsed = operation.body.safeParse(body)
  if (!parsed.success) throw validationError(parsed.error)
  requireAccount(caller, parsed.data.account.address, { task: 'build routes', field: 'account.address' })
  const route: RouteResponse = await issueRoute(parsed.data, caller) // the documented shape, checked at compile time
  return jsonWithWarnings(route, route.warnings)
})

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(['POST'])
