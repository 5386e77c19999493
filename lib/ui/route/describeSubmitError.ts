// What the page says about a failed submission: a refused route needs a new one; anything else
// gets the dashboard's usual advice (key, retry).
import { ApiError } from '../../api/client/fetchApi'
import { describeApiError, type KeySource } from '../shared/describeApiError'

export type SubmitErrorAdvice = {
  title: string
  detail: string
  action: 'paste-key' | 'retry' | 'new-route' | 'sign-in'
  traceId?: string
}

/**
 * A failed submission in words. A refused route (400/404/422: changed, expired, not this key's, or
 * one the filler cannot settle) is not worth retrying: the reader needs a new route.
 */
export function describeSubmitError(error: unknown, keySource: KeySource): SubmitErrorAdvice {
  if (
    error instanceof ApiError &&
    error.failure === 'http' &&
    (error.status === 400 || error.status === 404 || error.status === 422)
  ) {
    const field = error.envelope?.errors[0]?.context?.field
    const traceId = error.envelope?.traceId
    return {
      title: error.status === 422 ? 'This route cannot be settled here' : 'The service refused this route',
      detail: `${error.message}${typeof field === 'string' && !error.message.includes(field) ? ` (${field})` : ''}. Request a new route, sign it and submit it again.`,
      action: 'new-route',
      ...(traceId ? { traceId } : {}),
    }
  }
  const advice = describeApiError(error, keySource, { task: 'submit routes', chainHint: '' })
  return { ...advice, action: advice.action === 'paste-key' || advice.action === 'sign-in' ? advice.action : 'retry' }
}
