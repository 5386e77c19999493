import { validationError } from '@/lib/api/errorEnvelope'
import { serializeIntentStatus } from '@/lib/api/intentOperation'
import { listIntents as operation } from '@/lib/api/operations'
import { requireAccount } from '@/lib/server/accountAccess'
import { requireCaller } from '@/lib/server/caller'
import { handle, methodNotAllowed } from '@/lib/server/http'
import { intentHistory } from '@/lib/server/intents'

export const GET = handle<{ userAddress: string }>(async (request, context) => {
  const caller = await requireCaller(request, operation.scope, context)
  const search = Object.fromEntries(new URL(request.url).searchParams)
  const query = operation.parameters.safeParse({ ...search, userAddress: (await context.params).userAddress })
  if (!query.success) throw validationError(query.error)
  requireAccount(caller, query.data.userAddress, { task: 'read intents', field: 'userAddress' })
  const page = await intentHistory(query.data.userAddress, caller, query.data)
  return Response.json({ intents: page.intents.map(serializeIntentStatus), nextCursor: page.nextCursor })
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(['GET'])
