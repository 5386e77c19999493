// What the route builder says about a failed POST /intents/route: a 400 marks the fields the
// server names (errors[].context.field), a 422 Insufficient balance carries the shortfall to show
// (errors[0].context.intentCost), a 422 No Path Found marks the token that cannot reach the
// destination (and says when the reason is that only the account's own OFT send could), and anything else gets the dashboard's usual advice (key, retry, unavailable chain).
import { getAddress, isAddress } from 'viem'
import { ApiError, answerSchemasIfLoaded } from '../../api/client/fetchApi'
import type { RouteResponse } from '../../api/routeResponse'
import { describeApiError, type ErrorAdvice, type KeySource } from '../shared/describeApiError'
import { anyChainToken, chainName } from '../shared/tokenAmount'
import type { FieldErrors } from './routeRequestBody'

export type RouteErrorAdvice = Omit<ErrorAdvice, 'action'> & {
  action: ErrorAdvice['action'] | 'fix-fields' | 'show-shortfall'
  fields: FieldErrors
  /** A 422 Insufficient balance: what the route would cost and what is missing, shown as the answer. */
  shortfall?: IntentCost
}

type IntentCost = RouteResponse['intentCost']

/** `requestedTokens`: the token address of each token request, in order (to place a 422). */
export function describeRouteError(
  error: unknown,
  keySource: KeySource,
  requestedTokens: readonly string[] = [],
): RouteErrorAdvice {
  if (error instanceof ApiError && error.status === 400 && error.envelope) {
    const fields: FieldErrors = {}
    for (const e of error.envelope.errors) {
      const field = typeof e.context?.field === 'string' ? e.context.field : undefined
      if (field) fields[field] ??= atField(e.message, field)
    }
    return withTrace(error, {
      title: 'The service could not accept this request',
      detail: error.message,
      action: 'fix-fields',
      fields,
    })
  }
  const refused = error instanceof ApiError && error.status === 422 ? error : undefined
  // Loaded: the refusal was read with the answers' schemas (fetchApi's httpError).
  const insufficient = answerSchemasIfLoaded()?.insufficientBalanceOf(refused?.envelope)
  if (refused && insufficient) {
    const detail = 'The chains and tokens this request may draw on cannot cover it, fees included.'
    const advice = { title: 'Not enough funds for this route', detail, action: 'show-shortfall' as const, fields: {} }
    return withTrace(refused, { ...advice, shortfall: insufficient.intentCost })
  }
  if (error instanceof ApiError && error.status === 422 && error.envelope?.code === 'UNSETTLEABLE') {
    // A route the service can plan but could not settle (e.g. USDT0 over OFT): its message says why.
    const first = error.envelope.errors[0]
    const field = typeof first?.context?.field === 'string' ? first.context.field : 'tokenRequests'
    const why = atField(first?.message ?? error.message, field)
    const token =
      typeof first?.context?.token === 'string' && isAddress(first.context.token)
        ? getAddress(first.context.token)
        : undefined
    const index = token ? requestedTokens.findIndex((t) => isAddress(t) && getAddress(t) === token) : -1
    return withTrace(error, {
      title: 'This route cannot be settled',
      detail: why,
      action: 'fix-fields',
      fields: { [index >= 0 ? `tokenRequests.${index}.tokenAddress` : field]: why },
    })
  }
  if (error instanceof ApiError && error.status === 422) {
    const context = error.envelope?.errors[0]?.context ?? {}
    const token = typeof context.token === 'string' && isAddress(context.token) ? getAddress(context.token) : undefined
    const symbol = (token && anyChainToken(token)?.symbol) ?? 'the token'
    const destination =
      typeof context.destinationChainId === 'number' ? chainName(context.destinationChainId) : 'the destination'
    const ownOftSend =
      typeof context.reason === 'string' && /\bOFT\b/.test(context.reason) && /\bEOA\b/.test(context.reason)
    // USDT0 crosses chains only as the account's own LayerZero OFT send (an operation the account
    // runs): more chains or layers would not help a plain EOA, code on the account would.
    const detail = ownOftSend
      ? `${symbol} crosses chains only over LayerZero OFT, and the OFT send is the account's own transaction: a plain account (EOA) with no code cannot make it. Give the account an EIP-7702 delegation on the chain that holds the ${symbol}, or ask for ${symbol} on a chain where the account already holds it.`
      : `No path brings ${symbol} to ${destination}: no chain the access list allows holds it and can reach ${destination} over the allowed settlement layers. Allow more chains or settlement layers.`
    const index = token ? requestedTokens.findIndex((t) => isAddress(t) && getAddress(t) === token) : -1
    // The field says what; the notice below the form says why and what to change.
    const atToken = ownOftSend
      ? `${symbol} reaches ${destination} only as the account's own OFT send, which a plain EOA cannot make.`
      : `No allowed path brings ${symbol} to ${destination}.`
    return withTrace(error, {
      title: 'No path found',
      detail,
      action: 'fix-fields',
      fields: { [index >= 0 ? `tokenRequests.${index}.tokenAddress` : 'tokenRequests']: atToken },
    })
  }
  const advice = describeApiError(error, keySource, {
    task: 'build routes',
    chainHint: 'exclude the chain in the access list',
  })
  return { ...advice, fields: {} }
}

/** The server prefixes a field's message with its path; at the field itself the path is noise. */
function atField(message: string, field: string): string {
  const text = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message
  return text.charAt(0).toUpperCase() + text.slice(1) + (text.endsWith('.') ? '' : '.')
}

function withTrace(error: ApiError, advice: RouteErrorAdvice): RouteErrorAdvice {
  const traceId = error.envelope?.traceId
  return traceId ? { ...advice, traceId } : advice
}
