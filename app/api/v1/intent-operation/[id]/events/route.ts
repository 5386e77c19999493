import { accountOperationsOf, serializeIntentStatus } from '@/lib/api/intentOperation'
import { intentStatusEvents } from '@/lib/api/intentStatusEvents'
import { streamIntentOpStatus as operation } from '@/lib/api/operations'
import { eventStreamHeaders } from '@/lib/api/statusStream'
import { handle, serve } from '@/lib/server/handle'
import { intentStatus } from '@/lib/server/intents'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async ({ params, caller, request, context }) => {
    // The status read's own function, with the same caller: the same refusals (401, 404) before any
    // event, and each event the very body that read answers.
    const read = async () => {
      const intent = await intentStatus(params.id, caller)
      return serializeIntentStatus(intent, accountOperationsOf(intent.journalSteps))
    }
    const first = await read()
    // After the envelope's own headers (its cache-control is no-store without no-transform).
    for (const [name, value] of Object.entries(eventStreamHeaders)) context.responseHeaders.set(name, value)
    const stream = intentStatusEvents.open(params.id.toString(), {
      first,
      read,
      lastEventId: request.headers.get('last-event-id'),
      signal: request.signal,
    })
    return new Response(stream, { headers: { 'content-type': eventStreamHeaders['content-type'] } })
  }),
)
