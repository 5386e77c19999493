import { validationError } from '@/lib/api/errorEnvelope'
import { serializeIntentStatus } from '@/lib/api/intentOperation'
import { getIntentOpStatus as operation } from '@/lib/api/operations'
import { requireCaller } from '@/lib/server/caller'
import { handle, methodNotAllowed } from '@/lib/server/http'
import { intentStatus } from '@/lib/server/intents'

export const GET = handle<{ id: string }>(async (request, context) => {
  const caller = await requireCaller(request, operation.scope, context)
  const parsed = operation.parameters.safeParse({ id: (await context.params).id })
  if (!parsed.success) throw validationError(parsed.error)
  return Response.json(serializeIntentStatus(await intentStatus(parsed.data.id, caller)))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(['GET'])
