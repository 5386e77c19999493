// The dashboard's client for its own API: same-origin paths only (so the key is never sent
// elsewhere), every answer checked against its schema, and every failure turned into one ApiError
// that carries the error envelope when the server sent one. The schemas (and zod) are not part of
// a page's first load: they are fetched with the first read and awaited before its answer is used.
import type { z } from 'zod'
import type * as AnswerSchemaModule from './answerSchemas'
import type { receivedEnvelopeSchema } from './answerSchemas'

export type AnswerSchemas = typeof AnswerSchemaModule

let loadingSchemas: Promise<AnswerSchemas> | undefined
let loadedSchemas: AnswerSchemas | undefined

/** The answers' schemas, loaded once, on first use; a load that failed is tried again next time. */
export function answerSchemas(): Promise<AnswerSchemas> {
  loadingSchemas ??= import('./answerSchemas').then(
    (schemas) => (loadedSchemas = schemas),
    (error: unknown) => {
      loadingSchemas = undefined
      throw error
    },
  )
  return loadingSchemas
}

/** The answers' schemas if they have loaded: they have for any answer fetchApi returned or refused. */
export function answerSchemasIfLoaded(): AnswerSchemas | undefined {
  return loadedSchemas
}

/** An answer's schema: given as is, or picked from the answers' schemas once they have loaded. */
export type AnswerSchema<T> = z.ZodType<T> | ((schemas: AnswerSchemas) => z.ZodType<T>)

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
  schema: AnswerSchema<T>
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
  // The schema loads while the request is away; the answer is checked against it before it is returned.
  const check = schemaOf(schema)
  check.catch(() => undefined) // awaited below only when there is an answer to check

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

  if (!response.ok) throw await httpError(response.status, body)
  let checked: z.ZodType<T>
  try {
    checked = await check
  } catch {
    throw new ApiError('network', 'The code that checks the answer could not be loaded')
  }
  const parsed = checked.safeParse(body)
  if (!parsed.success)
    throw new ApiError('invalid_response', `Unexpected answer from ${path.split('?')[0]}`, { status: response.status })
  return parsed.data
}

/** A refusal as an ApiError: the envelope's message when the body is one, else the HTTP status. */
export async function httpError(status: number, body: unknown): Promise<ApiError> {
  const schema = await answerSchemas().then(
    (s) => s.receivedEnvelopeSchema,
    () => undefined, // without its schema an envelope is not read: the status is the message
  )
  const envelope = schema?.safeParse(body)
  return envelope?.success
    ? new ApiError('http', envelope.data.message, { status, envelope: envelope.data })
    : new ApiError('http', `HTTP ${status}`, { status })
}

function schemaOf<T>(schema: AnswerSchema<T>): Promise<z.ZodType<T>> {
  return typeof schema === 'function' ? answerSchemas().then(schema) : Promise.resolve(schema)
}
