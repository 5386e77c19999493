// One stored route, read in full from the history API, and the dashboard page that shows it. The
// page's address carries the account, so a link opens the same route for whoever may read it.

import { fetchApi } from './fetchApi'

export function storedRoutePath(nonce: string, account: string): string {
  return `/api/v1/accounts/${encodeURIComponent(account)}/routes/${encodeURIComponent(nonce)}`
}

export function storedRoutePagePath(nonce: string, account: string): string {
  return `/routes/${encodeURIComponent(nonce)}?account=${encodeURIComponent(account)}`
}

export function fetchStoredRoute({
  nonce,
  account,
  apiKey,
  signal,
}: {
  nonce: string
  account: string
  apiKey?: string
  signal?: AbortSignal
}) {
  return fetchApi({
    path: storedRoutePath(nonce, account),
    schema: (s) => s.storedRouteResponseSchema,
    ...(apiKey ? { apiKey } : {}),
    ...(signal ? { signal } : {}),
  })
}
