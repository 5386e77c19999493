// Following an intent's status as the service pushes it (GET /intent-operation/{id}/events, the
// dashboard's own stream), read with fetch so the key goes in x-api-key as for every other read
// (EventSource cannot send a header). Each status is checked against the status read's schema
// (loaded with the answers' schemas before the first event is read); a refusal is the same ApiError
// the status read would throw.
import { EventSourceParserStream } from 'eventsource-parser/stream'
import type { IntentStatusResponse } from '../intentOperation'
import { ApiError, answerSchemas, httpError } from './fetchApi'
import { intentStatusPath } from './intentApi'

export function intentEventsPath(id: string): string {
  return `${intentStatusPath(id)}/events`
}

export type FollowIntentStatusParameters = {
  id: string
  apiKey?: string
  /** The id of the last event read, to resume after it. */
  lastEventId?: string
  signal?: AbortSignal
  /** Each status as it arrives, with its event's id. */
  onStatus: (status: IntentStatusResponse, eventId: string | undefined) => void
  fetchFn?: typeof fetch
}

/** Reads the stream until the service ends it (the intent is final, or the stream was open long
 * enough: resume with the last event's id). Rejects with an ApiError when it cannot be opened or
 * breaks off, and with the abort when `signal` aborts. */
export async function followIntentStatus({
  id,
  apiKey,
  lastEventId,
  signal,
  onStatus,
  fetchFn = fetch,
}: FollowIntentStatusParameters): Promise<void> {
  const path = intentEventsPath(id)
  const headers: Record<string, string> = { accept: 'text/event-stream' }
  if (apiKey) headers['x-api-key'] = apiKey
  if (lastEventId) headers['last-event-id'] = lastEventId
  let response: Response
  try {
    response = await fetchFn(path, { headers, cache: 'no-store', ...(signal ? { signal } : {}) })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError('network', 'The service could not be reached')
  }
  if (!response.ok) throw await httpError(response.status, await response.json().catch(() => undefined))
  if (!response.body || !/^text\/event-stream/i.test(response.headers.get('content-type') ?? ''))
    throw new ApiError('invalid_response', `Unexpected answer from ${path}`, { status: response.status })
  const { intentStatusResponseSchema } = await answerSchemas().catch(() => {
    throw new ApiError('network', 'The code that checks the status could not be loaded')
  })
  const events = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader()
  try {
    for (;;) {
      const { done, value: event } = await events.read()
      if (done) return
      if (event.event !== 'status') continue
      const parsed = intentStatusResponseSchema.safeParse(JSON.parse(event.data))
      if (!parsed.success) throw new ApiError('invalid_response', `Unexpected event from ${path}`)
      onStatus(parsed.data, event.id)
    }
  } catch (error) {
    if (signal?.aborted || error instanceof ApiError) throw error
    throw new ApiError('network', 'The status stream broke off')
  }
}
