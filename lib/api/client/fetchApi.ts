// The dashboard's client for its own API: same-origin paths only (so the key is never sent
// elsewhere), every answer checked against its schema, and every failure turned into one ApiError
// that carries the error envelope when the server sent one.
import type { z } from 'zod'
import { errorEnvelopeSchema } from '../errorEnvelope'

/** An error body as read: `code` may be missing from a server that predates it. */
const receivedEnvelopeSchema = errorEnvelopeSchema.partial({ code: true })

export type ReceivedErrorEnvelope = z.infer<typeof receivedEnvelopeSchema>

export type ApiFailure = 'http' | 'network' | 'timeout' | 'invalid_response'

export class ApiError extends Error {
  readonly failure: ApiFailure
  readonly status: number | undefined
  readonly envelope: ReceivedErrorEnvelope | undefined

  constructor(
    failure: ApiFailure,
    message: string,
    { status, envelope }: { status?: number; envelope?: ReceivedErrorEnvelope } = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.failure = failure
    this.status = status
    this.envelope = envelope
  }
}

export type FetchApiParameters<T> = {
  /** A same-origin path under /api/. */
  path: string
  schema: z.ZodType<T>
  apiKey?: string
  signal?: AbortSignal
  /** The server's own RPC timeout is 10 s; past this the page stops waiting and says so. */
  timeoutMs?: number
  fetchFn?: typeof fetch
}

export async function fetchApi<T>({
  path,
  schema,
  apiKey,
  signal,
  timeoutMs = 20_000,
  fetchFn = fetch,
}: FetchApiParameters<T>): Promise<T> {
  if (!path.startsWith('/api/')) throw new Error(`fetchApi only calls this app's API, not ${path}`)
  const timeout = AbortSignal.timeout(timeoutMs)
  const headers: Record<string, string> = { accept: 'application/json' }
  if (apiKey) headers['x-api-key'] = apiKey

  let response: Response
  let body: unknown
  try {
    response = await fetchFn(path, {
      headers,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      cache: 'no-store',
    })
    body = await response.json().catch(() => undefined)
  } catch (error) {
    if (timeout.aborted) throw new ApiError('timeout', `No answer within ${Math.round(timeoutMs / 1000)} s`)
    if (signal?.aborted) throw error // cancelled by the caller: not a failure to report
    throw new ApiError('network', 'The service could not be reached')
  }

  if (!response.ok) throw httpError(response.status, body)
  const parsed = schema.safeParse(body)
  if (!parsed.success)
    throw new ApiError('invalid_response', `Unexpected answer from ${path.split('?')[0]}`, { status: response.status })
  return parsed.data
}

/** A refusal as an ApiError: the envelope's message when the body is one, else the HTTP status. */
export function httpError(status: number, body: unknown): ApiError {
  const envelope = receivedEnvelopeSchema.safeParse(body)
  const message = envelope.success ? envelope.data.message : `HTTP ${status}`
  return new ApiError('http', message, { status, ...(envelope.success ? { envelope: envelope.data } : {}) })
}
