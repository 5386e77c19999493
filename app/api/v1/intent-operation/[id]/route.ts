import { serializeIntentStatus } from '@/lib/api/intentOperation'
import { getIntentOpStatus as operation } from '@/lib/api/operations'
import { handle, serve } from '@/lib/server/handle'
import { intentStatus } from '@/lib/server/intents'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(handle({ operation }, async ({ params, caller }) => serializeIntentStatus(await intentStatus(params.id, caller))))
