// Sign-in with Ethereum as the dashboard does it: a nonce from the server, the EIP-4361 message for
// this page's host (viem createSiweMessage), the wallet's personal_sign, then the session cookie the
// server sets (httpOnly: this code never sees it).

import type { Address, Hex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import type { SessionResponse } from '../auth'
import { fetchApi } from './fetchApi'

export const sessionPath = '/api/v1/auth/session'
export const noncePath = '/api/v1/auth/nonce'

export function fetchSession({
  signal,
  fetchFn,
}: {
  signal?: AbortSignal
  fetchFn?: typeof fetch | undefined
} = {}): Promise<SessionResponse> {
  return fetchApi({
    path: sessionPath,
    schema: (s) => s.sessionResponseSchema,
    ...(signal ? { signal } : {}),
    ...(fetchFn ? { fetchFn } : {}),
  })
}

export type SignInParameters = {
  address: Address
  chainId: number
  /** window.location: the message names this page's host, which the server checks. */
  location: { host: string; origin: string }
  signMessage: (message: string) => Promise<Hex>
  fetchFn?: typeof fetch
  now?: Date
}

export async function signInWithEthereum({
  address,
  chainId,
  location,
  signMessage,
  fetchFn = fetch,
  now = new Date(),
}: SignInParameters): Promise<SessionResponse> {
  const { nonce } = await fetchApi({ path: noncePath, schema: (s) => s.nonceResponseSchema, fetchFn })
  const message = createSiweMessage({
    address,
    chainId,
    domain: location.host,
    uri: location.origin,
    nonce,
    version: '1',
    statement: 'Sign in to Intent Router: build routes, submit intents and read history for this wallet.',
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 24 * 3_600_000),
  })
  const signature = await signMessage(message)
  const post: typeof fetch = (input, init) =>
    fetchFn(input, {
      ...init,
      method: 'POST',
      body: JSON.stringify({ message, signature }),
      headers: { ...(init?.headers as Record<string, string>), 'content-type': 'application/json' },
    })
  return fetchApi({ path: sessionPath, schema: (s) => s.sessionResponseSchema, fetchFn: post })
}

export function signOut({ fetchFn = fetch }: { fetchFn?: typeof fetch } = {}): Promise<SessionResponse> {
  const del: typeof fetch = (input, init) => fetchFn(input, { ...init, method: 'DELETE' })
  return fetchApi({ path: sessionPath, schema: (s) => s.sessionResponseSchema, fetchFn: del })
}
