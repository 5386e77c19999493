// The intent lifecycle as the dashboard calls it, through the same fetchApi as every other read:
// submit a signed route, read an intent's status, list an account's submitted intents.
// What is submitted is the route's intentOp exactly as the server sent it (the raw JSON: the server
// signature covers it, and zod would drop keys it does not know), plus the wallet's signatures.
import type { Hex } from 'viem'
import { ApiError, fetchApi } from './fetchApi'

export const submitPath = '/api/v1/intent-operations'

export function intentStatusPath(id: string): string {
  return `/api/v1/intent-operation/${encodeURIComponent(id)}`
}

export function accountIntentsPath(address: string, limit = 50): string {
  return `/api/v1/accounts/${encodeURIComponent(address)}/intents?${new URLSearchParams({ limit: String(limit) })}`
}

/** The body the client sends: one origin signature per element in order; an EOA's destination signature
 * repeats the last. */
export function signedIntentOpBody(
  rawIntentOp: unknown,
  signatures: readonly Hex[],
  authorizations?: readonly SubmittedAuthorization[],
) {
  if (typeof rawIntentOp !== 'object' || rawIntentOp === null) throw new Error('The route has no intentOp to submit')
  const destinationSignature = signatures.at(-1)
  if (destinationSignature === undefined) throw new Error('A route is submitted with at least one signature')
  return {
    signedIntentOp: {
      ...(rawIntentOp as Record<string, unknown>),
      originSignatures: [...signatures],
      destinationSignature,
      // As the client sends them: the authorizations it signed replace the route's list.
      ...(authorizations?.length ? { signedAuthorizations: [...authorizations] } : {}),
    },
  }
}

/** An EIP-7702 authorization as the wallet signed it (the nonce a number, as @rhinestone/sdk sends it). */
export type SubmittedAuthorization = { chainId: number; address: Hex; nonce: number; yParity: number; r: Hex; s: Hex }

export type SubmitSignedRouteParameters = {
  rawIntentOp: unknown
  signatures: readonly Hex[]
  authorizations?: readonly SubmittedAuthorization[]
  apiKey?: string
  signal?: AbortSignal
  fetchFn?: typeof fetch
}

export function submitSignedRoute({
  rawIntentOp,
  signatures,
  authorizations,
  apiKey,
  signal,
  fetchFn = fetch,
}: SubmitSignedRouteParameters) {
  const body = JSON.stringify(signedIntentOpBody(rawIntentOp, signatures, authorizations))
  const post: typeof fetch = (input, init) =>
    fetchFn(input, {
      ...init,
      method: 'POST',
      body,
      headers: { ...(init?.headers as Record<string, string>), 'content-type': 'application/json' },
    })
  return fetchApi({
    path: submitPath,
    schema: (s) => s.submitIntentResponseSchema,
    ...(apiKey ? { apiKey } : {}),
    ...(signal ? { signal } : {}),
    fetchFn: post,
  })
}

export function fetchIntentStatus({
  id,
  apiKey,
  signal,
  fetchFn,
}: {
  id: string
  apiKey?: string
  signal?: AbortSignal
  fetchFn?: typeof fetch
}) {
  return fetchApi({
    path: intentStatusPath(id),
    schema: (s) => s.intentStatusResponseSchema,
    ...(apiKey ? { apiKey } : {}),
    ...(signal ? { signal } : {}),
    ...(fetchFn ? { fetchFn } : {}),
  })
}

/**
 * A 409 means this route was submitted before: the intent exists and is followed instead of failing.
 * Its id is the server's `errors[0].context.id`, else the route's own nonce (the intent id is the nonce).
 */
export function alreadySubmittedId(error: unknown, nonce: string): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined
  const id = error.envelope?.errors[0]?.context?.id
  return typeof id === 'string' && /^\d+$/.test(id) ? id : nonce
}
