// The status of submitted intents as Server-Sent Events (GET /intent-operation/{id}/events), one
// hub per server process: each event's data is exactly what GET /intent-operation/{id} answers, and
// a stream ends once the intent is COMPLETED or FAILED, as a poller of the status read stops then.
import type { IntentStatusResponse } from './intentOperation'
import { statusHub } from './statusStream'

export const intentStatusEvents = statusHub<IntentStatusResponse>({
  event: 'status',
  isFinal: (intent) => intent.status === 'COMPLETED' || intent.status === 'FAILED',
})
