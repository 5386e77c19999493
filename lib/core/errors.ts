// Domain errors with stable kinds; the API layer maps a kind to an HTTP status and envelope (the
// kinds only HTTP has, such as a wrong method or media type, live with it in lib/api/errorEnvelope).
export type ErrorKind =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable'

export type ErrorDetail = { message: string; context?: Record<string, unknown> }

/** Every stable `code` a ServiceError carries on the wire, with what it means. Clients switch on
 * these; a code is never renamed or reused for another cause. */
export const serviceErrorCodes = {
  VALIDATION_ERROR: 'A request value is malformed or out of range; errors[].context.field names it',
  UNSUPPORTED_CHAIN: 'The chain is not served here',
  UNSUPPORTED_TOKEN: 'The token is not supported on that chain (a token address named without a chain: on any chain)',
  MALFORMED_JSON: 'The body is not valid JSON',
  JSON_TOO_DEEP: 'The body nests arrays and objects deeper than 64 levels (errors[].context: limit, max)',
  AUTHENTICATION_REQUIRED: 'No API key was sent',
  INVALID_API_KEY: 'The API key is unknown or revoked',
  SIGN_IN_REQUIRED: "The dashboard's key needs a Sign-In with Ethereum session for this account",
  SIGN_IN_FAILED: 'The sign-in message or its signature was refused',
  INSUFFICIENT_SCOPE: 'The key lacks the scope the operation needs',
  SPONSOR_SCOPE_REQUIRED: 'Sponsorship needs a key with routes:sponsor',
  SPONSOR_CAP_REACHED:
    "Sponsoring this route would pass the key's sponsorship cap (errors[].context: capUsd, spentUsd, neededUsd)",
  SPONSOR_EXPOSURE:
    "The account's failed intents left the filler more gas unpaid than this service allows; no new route for it " +
    '(errors[].context: unpaidGasWei, budgetWei)',
  ACCOUNT_MISMATCH: "The dashboard's key is signed in as another wallet",
  NOT_FOUND: 'Nothing with this id or path was issued to this key',
  ALREADY_SUBMITTED: 'The intent was already submitted',
  UNPROCESSABLE: 'The request is well-formed but cannot be served as asked',
  NO_PATH_FOUND: 'No settlement layer the request allows can bring the asset to the destination',
  INSUFFICIENT_BALANCE: 'Not enough funds for the request, fees included (errors[0].context.intentCost: the shortfall)',
  UNSETTLEABLE:
    "The route or intent needs something this deployment's filler does not settle (an account type, calls it " +
    'cannot run as the account, USDT0 across chains for an account that cannot send it itself); ' +
    'errors[].context.field names it and the message says why',
  INSUFFICIENT_LIQUIDITY: "The filler's inventory cannot fill every wanted amount",
  RATE_LIMITED: "Over the key's or the client's rate (Retry-After)",
  AUTH_FAILURES_LIMITED: 'Too many failed authentications from this client address (Retry-After)',
  CHAIN_UNAVAILABLE: 'A chain the answer needs did not answer (Retry-After)',
  PRICE_UNAVAILABLE: 'A USD price feed answered nothing usable (Retry-After)',
  SERVICE_UNAVAILABLE: 'A part of the service this operation needs is not configured or not answering',
  INTERNAL_ERROR: 'An unexpected failure, logged with the trace id',
} as const

export type ServiceErrorCode = keyof typeof serviceErrorCodes

/** The code an error of a kind carries when nothing more specific is said. */
export const codeOfKind: Record<ErrorKind, ServiceErrorCode> = {
  invalid_input: 'VALIDATION_ERROR',
  unauthenticated: 'AUTHENTICATION_REQUIRED',
  forbidden: 'INSUFFICIENT_SCOPE',
  not_found: 'NOT_FOUND',
  conflict: 'ALREADY_SUBMITTED',
  unprocessable: 'UNPROCESSABLE',
  rate_limited: 'RATE_LIMITED',
  unavailable: 'SERVICE_UNAVAILABLE',
}

export type ServiceErrorOptions = { cause?: unknown; code?: ServiceErrorCode }

export class ServiceError extends Error {
  readonly kind: ErrorKind
  readonly code: ServiceErrorCode
  readonly details: ErrorDetail[]

  constructor(kind: ErrorKind, message: string, details?: ErrorDetail[], options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.kind = kind
    this.code = options.code ?? codeOfKind[kind]
    this.details = details ?? [{ message }]
  }
}

/** The one detail list of an error about one field: `[{ message, context: { field, …context } }]`. */
export function fieldDetails(field: string, message: string, context: Record<string, unknown> = {}): ErrorDetail[] {
  return [{ message, context: { field, ...context } }]
}

/** An error of any kind about one field of the request (see fieldDetails). */
export function fieldError(
  kind: ErrorKind,
  field: string,
  message: string,
  context: Record<string, unknown> = {},
  options?: ServiceErrorOptions,
): ServiceError {
  return new ServiceError(kind, message, fieldDetails(field, message, context), options)
}

export class InvalidInputError extends ServiceError {
  constructor(message: string, details?: ErrorDetail[], options?: ServiceErrorOptions) {
    super('invalid_input', message, details, options)
  }

  /** A 400 naming one field: `{ message, errors: [{ message, context: { field } }] }`. */
  static forField(
    field: string,
    message: string,
    context: Record<string, unknown> = {},
    options?: ServiceErrorOptions,
  ): InvalidInputError {
    return new InvalidInputError(message, fieldDetails(field, message, context), options)
  }
}

export class UnsupportedChainError extends InvalidInputError {
  constructor(chainId: number | string, field: string) {
    super(`Unsupported chain ${chainId}`, [{ message: `Unsupported chain ${chainId}`, context: { field, chainId } }], {
      code: 'UNSUPPORTED_CHAIN',
    })
  }
}

export class TokenNotSupportedError extends InvalidInputError {
  constructor(token: string, chainId: number, field: string) {
    const message = `Token ${token} not supported on chain ${chainId}`
    super(message, [{ message, context: { field, chainId, token } }], { code: 'UNSUPPORTED_TOKEN' })
  }
}

export class UnsupportedTokenError extends InvalidInputError {
  constructor(symbol: string, chainId: number, field: string) {
    const message = `Unsupported token ${symbol} for chain ${chainId}`
    super(message, [{ message, context: { field, chainId, token: symbol } }], { code: 'UNSUPPORTED_TOKEN' })
  }
}

/** A token address named without a chain (an access list's `tokens`, the fee token) that no served
 * chain has: `Unsupported token addresses`, the client's message for it; the detail names the token. */
export class UnsupportedTokenAddressError extends InvalidInputError {
  constructor(token: string, field: string, detail: string) {
    const details = [{ message: detail, context: { field, token } }]
    super('Unsupported token addresses', details, { code: 'UNSUPPORTED_TOKEN' })
  }
}

export class ChainUnavailableError extends ServiceError {
  readonly chainId: number
  constructor(chainId: number, reason: string, options: { cause?: unknown } = {}) {
    super(
      'unavailable',
      `Chain ${chainId} is unavailable`,
      [{ message: `Chain ${chainId} is unavailable`, context: { chainId, reason } }],
      { code: 'CHAIN_UNAVAILABLE', ...options },
    )
    this.chainId = chainId
  }
}

/** No settlement layer the request allows can bring the asset to the destination. */
export class NoPathFoundError extends ServiceError {
  constructor(reason: string, context: Record<string, unknown>) {
    super('unprocessable', 'No Path Found', [{ message: 'No Path Found', context: { reason, ...context } }], {
      code: 'NO_PATH_FOUND',
    })
  }
}

/** The filler's inventory cannot fill every wanted amount: what it can fill, and what is left. */
export class InsufficientLiquidityError extends ServiceError {
  readonly availableIntents: Record<string, bigint>[]
  readonly unfillable: Record<string, bigint>
  constructor(availableIntents: Record<string, bigint>[], unfillable: Record<string, bigint>) {
    super('unprocessable', 'Not enough liquidity to fill every amount', undefined, { code: 'INSUFFICIENT_LIQUIDITY' })
    this.availableIntents = availableIntents
    this.unfillable = unfillable
  }
}

/** The first line of what went wrong: viem's short message with its one-line details, or the message. */
export function shortReason(error: unknown): string {
  const e = error as { shortMessage?: string; details?: string; message?: string }
  const text =
    e.details && !e.details.includes('\n')
      ? `${e.shortMessage ?? ''} ${e.details}`
      : (e.shortMessage ?? e.message ?? String(error))
  return firstLine(text).trim().slice(0, 300)
}

/** `text` up to its first line break. */
export function firstLine(text: string): string {
  const end = text.indexOf('\n')
  return end === -1 ? text : text.slice(0, end)
}
