import 'server-only'
// The one wrapper every route handler goes through: trace id, error envelope, no crash on any input.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { errorEnvelope, HttpError, statusOfKind, validationError } from '../api/errorEnvelope'
import { ServiceError } from '../core/errors'
import { DatabaseUnavailableError } from '../storage/sql'
import type { ApiRequest } from './apiRequest'
import { jsonResponse, withBody } from './jsonResponse'
import { logger } from './logger'
import { apiHeaders, apiPreflightHeaders, strictTransportSecurity } from './securityHeaders'

/** What a handler gets besides the request: its route params, its trace id, and headers to add to
 * whatever it answers (errors included), e.g. the rate limit's. */
export type HandlerContext<P = Record<string, string>> = {
  params: Promise<P>
  traceId: string
  responseHeaders: Headers
  /** Fields for this request's log line (e.g. the calling key's name — never the key). */
  log: Record<string, string | number | null>
}

type Handler<P> = (request: ApiRequest, context: HandlerContext<P>) => Promise<Response>

/** The envelope around every handler (operations' via `handle` in handle.ts): trace id, security
 * headers, the request's log line, and any error as the JSON envelope. */
export function withEnvelope<P = unknown>(handler: Handler<P>) {
  const enveloped = envelope(handler)
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> =>
    withBody(await enveloped(request, context))
}

/** withEnvelope for serve.mjs's own path (nodeAnswer.ts): a JSON answer comes without its Web body,
 * its bytes kept beside it (jsonResponse.ts), as that path writes them itself. */
export function envelope<P = unknown>(handler: Handler<P>) {
  return async (request: ApiRequest, context: { params: Promise<P> }): Promise<Response> => {
    const started = performance.now()
    // The trace id is always ours; the client's own request id is logged beside it, never adopted.
    const traceId = randomUUID()
    const clientRequestId = requestId(request.headers.get('x-request-id'))
    const responseHeaders = new Headers()
    const log: HandlerContext<P>['log'] = {}
    let response: Response
    try {
      response = await handler(request, { params: context.params, traceId, responseHeaders, log })
    } catch (error) {
      response = errorResponse(error, traceId)
    }
    for (const [name, value] of Object.entries(apiHeaders)) response.headers.set(name, value)
    if (request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https')
      response.headers.set('strict-transport-security', strictTransportSecurity)
    for (const [name, value] of responseHeaders) response.headers.set(name, value)
    response.headers.set('x-trace-id', traceId)
    // The line is written once the answer is handed back (the direct path has usually written it to
    // the socket by then): its serialisation and write are not the client's to wait for.
    const line = {
      traceId,
      ...(clientRequestId ? { clientRequestId } : {}),
      method: request.method,
      path: request.url,
      status: response.status,
      durationMs: Math.round(performance.now() - started),
      ...log,
    }
    setImmediate(logRequest, line)
    return response
  }
}

/** The request's log line; `path` arrives as the request's URL and is logged without its query. */
function logRequest(line: { path: string }): void {
  try {
    logger.info({ ...line, path: new URL(line.path).pathname }, 'request')
  } catch {
    // a log line that cannot be written never takes the process down
  }
}

export function errorResponse(error: unknown, traceId: string): Response {
  const known =
    error instanceof ServiceError || error instanceof HttpError
      ? error
      : error instanceof z.ZodError
        ? validationError(error)
        : (storageInputError(error) ?? databaseDown(error, traceId))
  if (!known)
    logger.error(
      {
        traceId,
        error:
          error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
      },
      'unhandled error',
    )
  const failure =
    known ??
    new ServiceError('unavailable', 'Internal server error', undefined, { code: 'INTERNAL_ERROR', cause: error })
  const status = known ? statusOfKind[failure.kind] : 500
  const headers: Record<string, string> = { 'x-trace-id': traceId }
  if (status === 503) headers['retry-after'] = '5'
  if (known && 'retryAfterSeconds' in known && typeof known.retryAfterSeconds === 'number')
    headers['retry-after'] = String(known.retryAfterSeconds)
  return Response.json(errorEnvelope(failure, traceId), { status, headers })
}

/** A value the database refused as data (SQLSTATE class 22: data exception — an untranslatable
 * character, a number out of range, …): the request's fault, a 400, never a 500. */
function storageInputError(error: unknown): ServiceError | undefined {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return undefined
  const message = 'The request holds a value that cannot be stored'
  return new ServiceError('invalid_input', message, [
    { message, context: { reason: (error as Error).message?.slice(0, 200) ?? code, sqlState: code } },
  ])
}

/** The log says why the database is down at most this often (every request meets it while it is). */
const DATABASE_DOWN_LOG_EVERY_MS = 10_000
let databaseDownLogged = 0

/** The database not answering (storage/sql.ts, server/database.ts): a 503 with Retry-After naming
 * it, its reason in the log. */
function databaseDown(error: unknown, traceId: string): ServiceError | undefined {
  if (!(error instanceof DatabaseUnavailableError)) return undefined
  if (Date.now() - databaseDownLogged >= DATABASE_DOWN_LOG_EVERY_MS) {
    databaseDownLogged = Date.now()
    logger.error({ traceId, error: { name: error.name, message: error.message } }, 'the database did not answer')
  }
  const message = 'The database is not answering; try again shortly'
  return new ServiceError('unavailable', message, [{ message, context: { part: 'database' } }], { cause: error })
}

/** JSON 405 handlers for the methods a route does not serve. */
export function methodNotAllowed(allowed: readonly string[]) {
  const respond = withEnvelope(async (request) => {
    throw new HttpError('method_not_allowed', `Method ${request.method} not allowed; use ${allowed.join(', ')}`)
  })
  // Marked, so a test can tell a route's real handlers from these.
  const wrapped = Object.assign(
    async (request: Request, context: { params: Promise<unknown> }) => {
      const response = await respond(request, context)
      response.headers.set('allow', allowed.join(', '))
      return response
    },
    { methodNotAllowed: true as const },
  )
  return { GET: wrapped, POST: wrapped, PUT: wrapped, PATCH: wrapped, DELETE: wrapped, OPTIONS: preflight }
}

/** The CORS preflight answer every API route gives (marked like the 405 handlers: not an operation). */
export const preflight = Object.assign(async () => new Response(null, { status: 204, headers: apiPreflightHeaders }), {
  methodNotAllowed: true as const,
})

/** A JSON answer that names the chains it had to leave out in x-unavailable-chains (and in its body);
 * `serialised` is the body's JSON when the caller already has it (a stored route). */
export function jsonWithWarnings(
  body: unknown,
  warnings: readonly { chainId: number }[] = [],
  serialised = JSON.stringify(body),
): Response {
  const response = jsonResponse(serialised)
  if (warnings.length > 0) response.headers.set('x-unavailable-chains', warnings.map((w) => w.chainId).join(','))
  return response
}

/** A caller's x-request-id, when it is a sane token (it is logged as given). */
function requestId(given: string | null): string | undefined {
  return given && /^[\w.:-]{1,64}$/.test(given) ? given : undefined
}
