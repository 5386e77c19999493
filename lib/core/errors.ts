// Domain errors with stable kinds; the API layer maps a kind to an HTTP status and envelope (the
// kinds only HTTP has, such as a wrong method or media type, live with it in lib/api/errorEnvelope).
export type ErrorKind = 'invalid_input' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'unprocessable' | 'rate_limited' | 'unavailable'

export type ErrorDetail = { message: string; context?: Record<string, unknown> }

export class ServiceError extends Error {
  readonly kind: ErrorKind
  readonly details: ErrorDetail[]

  constructor(kind: ErrorKind, message: string, details?: ErrorDetail[], options?: { cause?: unknown }) {
    super(message, options)
    this.name = new.target.name
    this.kind = kind
    this.details = details ?? [{ message }]
  }
}

/** The one detail list of an error about one field: `[{ message, context: { field, …context } }]`. */
export function fieldDetails(field: string, message: string, context: Record<string, unknown> = {}): ErrorDetail[] {
  return [{ message, context: { field, ...context } }]
}

/** An error of any kind about one field of the request (see fieldDetails). */
export function fieldError(kind: ErrorKind, field: string, message: string, context: Record<string, unknown> = {}): ServiceError {
  return new ServiceError(kind, message, fieldDetails(field, message, context))
}

export class InvalidInputError extends ServiceError {
  constructor(message: string, details?: ErrorDetail[]) {
    super('invalid_input', message, details)
  }

  /** A 400 naming one field: `{ message, errors: [{ message, context: { field } }] }`. */
  static forField(field: string, message: string, context: Record<string, unknown> = {}): InvalidInputError {
    return new InvalidInputError(message, fieldDetails(field, message, context))
  }
}

export class UnsupportedChainError extends InvalidInputError {
  constructor(chainId: number | string, field: string) {
    super(`Unsupported chain ${chainId}`, [{ message: `Unsupported chain ${chainId}`, context: { field, chainId } }])
  }
}

export class TokenNotSupportedError extends InvalidInputError {
  constructor(token: string, chainId: number, field: string) {
    const message = `Token ${token} not supported on chain ${chainId}`
    super(message, [{ message, context: { field, chainId, token } }])
  }
}

export class UnsupportedTokenError extends InvalidInputError {
  constructor(symbol: string, chainId: number, field: string) {
    const message = `Unsupported token ${symbol} for chain ${chainId}`
    super(message, [{ message, context: { field, chainId, token: symbol } }])
  }
}

export class ChainUnavailableError extends ServiceError {
  readonly chainId: number
  constructor(chainId: number, reason: string) {
    super('unavailable', `Chain ${chainId} is unavailable`, [{ message: `Chain ${chainId} is unavailable`, context: { chainId, reason } }])
    this.chainId = chainId
  }
}

/** No settlement layer the request allows can bring the asset to the destination. */
export class NoPathFoundError extends ServiceError {
  constructor(reason: string, context: Record<string, unknown>) {
    super('unprocessable', 'No Path Found', [{ message: 'No Path Found', context: { reason, ...context } }])
  }
}

/** The first line of what went wrong: viem's short message with its one-line details, or the message. */
export function shortReason(error: unknown): string {
  const e = error as { shortMessage?: string; details?: string; message?: string }
  const text = e.details && !e.details.includes('\n') ? `${e.shortMessage ?? ''} ${e.details}` : (e.shortMessage ?? e.message ?? String(error))
  return text.split('\n')[0]!.trim().slice(0, 300)
}
