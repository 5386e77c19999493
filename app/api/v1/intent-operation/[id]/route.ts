import { accountOperationsOf, serializeIntentStatus } from '@/lib/api/intentOperation'
import { getIntentOpStatus as operation } from '@/lib/api/operations'
import { handle, serve } from '@/lib/server/handle'
import { intentStatus } from '@/lib/server/intents'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async ({ params, caller }) => {
    const intent = await intentStatus(params.id, caller)
    return serializeIntentStatus(intent, accountOperationsOf(intent.journalSteps))
  }),
)
