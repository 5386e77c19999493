import { validationError } from '@/lib/api/errorEnvelope'
import { submitIntent as operation } from '@/lib/api/operations'
import { requireAccount } from '@/lib/server/accountAccess'
import { requireCaller } from '@/lib/server/caller'
import { handle, methodNotAllowed } from '@/lib/server/http'
import { submitIntent } from '@/lib/server/intents'
import { readJsonBody } from '@/lib/server/jsonBody'

export const POST = handle(async (request, context) => {
  const caller = await requireCaller(request, operation.scope, context)
  const parsed = operation.body.safeParse(await readJsonBody(request))
  if (!parsed.success) throw validationError(parsed.error)
  requireAccount(caller, parsed.data.signedIntentOp.sponsor, { task: 'submit intents', field: 'signedIntentOp.sponsor' })
  const result = await submitIntent(parsed.data.signedIntentOp, caller)
  return Response.json(operation.response.parse({ result }), { status: 201 })
})

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(['POST'])
