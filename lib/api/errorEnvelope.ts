// The one error body every non-2xx response carries: { message, code, errors: [{ message, context }], traceId }.
// `message` and `errors` are what @rhinestone/sdk's error parser reads; `code` is the stable
// machine-readable cause (serviceErrorCodes, httpErrorCodes).
import { z } from 'zod'
import { type ErrorKind, InsufficientLiquidityError, ServiceError, serviceErrorCodes } from '../core/errors'
import { wireAmounts } from './amount'
import { boundedDetails, cutText, errorBounds } from './errorBounds'
import { decimal } from './primitives'

/** Codes of the failures only the HTTP layer knows. */
export const httpErrorCodes = {
  METHOD_NOT_ALLOWED: 'The path does not serve this method (the Allow header lists those it does)',
  PAYLOAD_TOO_LARGE: 'The body is over 1 MiB or holds over 20,000 JSON values (errors[].context.limit: bytes, values)',
  UNSUPPORTED_MEDIA_TYPE: 'The body is not sent as application/json',
  MALFORMED_REQUEST: 'The request target is not a valid path',
  CLIENT_CLOSED: 'The client closed the connection before its body arrived (logged as 499; nobody reads the answer)',
} as const

/** Every code an error envelope can carry, with what it means (listed in the OpenAPI document). */
export const errorCodes = { ...serviceErrorCodes, ...httpErrorCodes }

export type ErrorCode = keyof typeof errorCodes

export const errorEnvelopeSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ message: z.string(), context: z.record(z.string(), z.unknown()).optional() })),
  traceId: z.string(),
  code: z
    .enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]])
    .describe('Stable machine-readable cause; one of the codes listed in the API description'),
})

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>

/** /intents/split's 422: the envelope plus what @rhinestone/sdk's InsufficientLiquidityError reads
 * (`error`, `availableIntents`, `unfillable`, `traceId`). */
export const insufficientLiquiditySchema = errorEnvelopeSchema.extend({
  error: z.literal('INSUFFICIENT_LIQUIDITY'),
  availableIntents: z.array(z.record(z.string(), decimal)),
  unfillable: z.record(z.string(), decimal),
})

/** Failures only the HTTP layer knows: a method the route does not serve, a body too large or
 * not JSON, a client that closed the connection before its body arrived (499, as nginx logs it). */
export type HttpErrorKind = 'method_not_allowed' | 'too_large' | 'unsupported_media_type' | 'client_closed'

const codeOfHttpKind: Record<HttpErrorKind, keyof typeof httpErrorCodes> = {
  method_not_allowed: 'METHOD_NOT_ALLOWED',
  too_large: 'PAYLOAD_TOO_LARGE',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  client_closed: 'CLIENT_CLOSED',
}

/** An HTTP-layer failure, answered in the same envelope as a ServiceError. */
export class HttpError extends Error {
  readonly kind: HttpErrorKind
  readonly code: ErrorCode
  readonly details: ErrorEnvelope['errors']

  constructor(kind: HttpErrorKind, message: string, details?: ErrorEnvelope['errors']) {
    super(message)
    this.name = 'HttpError'
    this.kind = kind
    this.code = codeOfHttpKind[kind]
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
  client_closed: 499,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
}

/** A zod failure as a 400 whose details name each bad field by its path (the envelope lists the
 * first few; errorBounds.ts). An issue raised with `params: { exact: true }` keeps its message
 * unprefixed (clients match some messages exactly). */
export function validationError(error: z.ZodError, root?: string): ServiceError {
  const details = error.issues.map((i) => {
    const path = [root, ...i.path.map((p) => cutText(String(p), errorBounds.field))].filter(Boolean)
    const field = cutText(path.join('.'), errorBounds.field) || '(body)'
    const exact = i.code === 'custom' && (i.params as { exact?: boolean } | undefined)?.exact === true
    return { message: exact ? i.message : `${field}: ${i.message}`, context: { field } }
  })
  const listed = details.slice(0, errorBounds.problems).map((d) => d.message)
  const more = details.length - listed.length
  const count = more > 0 ? `; and ${more} more` : ''
  const message = `${cutText(listed.join('; '), errorBounds.message - count.length)}${count}`
  return new ServiceError('invalid_input', message, details, { cause: error })
}

/** The error as the body that is sent: bounded in size whatever the request held (errorBounds.ts). */
export function errorEnvelope(
  error: ServiceError | HttpError,
  traceId: string,
): ErrorEnvelope | z.infer<typeof insufficientLiquiditySchema> {
  const message = cutText(error.message, errorBounds.message)
  const envelope = { message, code: error.code, errors: boundedDetails(error.details), traceId }
  if (error instanceof InsufficientLiquidityError) {
    return {
      ...envelope,
      error: 'INSUFFICIENT_LIQUIDITY',
      availableIntents: error.availableIntents.map(wireAmounts),
      unfillable: wireAmounts(error.unfillable),
    }
  }
  return envelope
}
