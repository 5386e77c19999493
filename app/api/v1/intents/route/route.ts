import { validationError } from '@/lib/api/errorEnvelope'
import { routeRequestSchema } from '@/lib/api/routeRequest'
import { requireCaller } from '@/lib/server/caller'
import { handle, methodNotAllowed } from '@/lib/server/http'
import { issueRoute } from '@/lib/server/issueRoute'
import { readJsonBody } from '@/lib/server/jsonBody'

export const POST = handle(async (request) => {
  const caller = await requireCaller(request, 'routes:create')
  const body = await readJsonBody(request)
  const parsed = routeRequestSchema.safeParse(body)
  if (!parsed.success) throw validationError(parsed.error)
  return Response.json(await issueRoute(parsed.data, caller, body))
})

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(['POST'])
