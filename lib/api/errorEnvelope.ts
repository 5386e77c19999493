// The one error body every non-2xx response carries: { message, errors: [{ message, context }], traceId }.
// It satisfies both the alps OpenAPI 400 shape and @rhinestone/sdk's error parser.
import { z } from 'zod'
import { type ErrorKind, ServiceError } from '../core/errors'

export const errorEnvelopeSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ message: z.string(), context: z.record(z.string(), z.unknown()).optional() })),
  traceId: z.string(),
})

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>

/** Failures only the HTTP layer knows: a method the route does not serve, a body too large or
 * not JSON. */
export type HttpErrorKind = 'method_not_allowed' | 'too_large' | 'unsupported_media_type'

/** An HTTP-layer failure, answered in the same envelope as a ServiceError. */
export class HttpError extends Error {
  readonly kind: HttpErrorKind
  readonly details: ErrorEnvelope['errors']

  constructor(kind: HttpErrorKind, message: string, details?: ErrorEnvelope['errors']) {
    super(message)
    this.name = 'HttpError'
    this.kind = kind
    this.details = details ?? [{ message }]
  }
}

export const statusOfKind: Record<ErrorKind | HttpErrorKind, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
}

/** A zod failure as a 400 whose details name each bad field by its path. An issue raised with
 * `params: { exact: true }` keeps its message unprefixed (clients match some messages exactly). */
export function validationError(error: z.ZodError, root?: string): ServiceError {
  const details = error.issues.map((i) => {
    const field = [root, ...i.path.map(String)].filter(Boolean).join('.') || '(body)'
    const exact = i.code === 'custom' && (i.params as { exact?: boolean } | undefined)?.exact === true
    return { message: exact ? i.message : `${field}: ${i.message}`, context: { field } }
  })
  return new ServiceError('invalid_input', details.map((d) => d.message).join('; '), details)
}

export function errorEnvelope(error: ServiceError | HttpError, traceId: string): ErrorEnvelope {
  return { message: error.message, errors: error.details, traceId }
}
