import 'server-only'
// API keys are configured as SHA-256 hashes; a presented key is hashed and compared in constant
// time. A key carries the operations (scopes) it may call; the browser key is further limited to
// requests the browser marks as coming from the app's own origin.
import { createHash, timingSafeEqual } from 'node:crypto'
import { ServiceError } from '../core/errors'

export const scopes = ['portfolio:read', 'routes:create'] as const
export type Scope = (typeof scopes)[number]

export type KeyHash = { label: string; hash: Buffer; scopes: readonly Scope[]; sameOriginOnly: boolean }

export function parseKeyHashes(entries: readonly string[]): KeyHash[] {
  return entries.map((e) => {
    const [label, hex] = e.split(':') as [string, string]
    return { label, hash: Buffer.from(hex, 'hex'), scopes, sameOriginOnly: false }
  })
}

/** The key the app hands its own pages at render time: public by nature, so origin-bound. */
export function browserKeyHash(key: string): KeyHash {
  return { label: 'browser', hash: sha256(key), scopes: ['portfolio:read', 'routes:create'], sameOriginOnly: true }
}

/** Returns the matching key's label, or throws the client-recognised 401/403 messages. */
export function authenticate(headers: Headers, keys: readonly KeyHash[], scope: Scope): string {
  const presented = headers.get('x-api-key')
  if (!presented) throw new ServiceError('unauthenticated', 'Authentication is required')
  const digest = sha256(presented)
  let match: KeyHash | undefined
  for (const k of keys) if (timingSafeEqual(k.hash, digest)) match ??= k // no early exit
  if (!match) throw new ServiceError('unauthenticated', 'Invalid API key')
  // Browsers set Sec-Fetch-Site themselves and page scripts cannot change it.
  const sameOrigin = headers.get('sec-fetch-site') === 'same-origin'
  if (!match.scopes.includes(scope) || (match.sameOriginOnly && !sameOrigin)) {
    throw new ServiceError('forbidden', 'Insufficient permissions', [
      { message: 'Insufficient permissions', context: { scope, ...(match.sameOriginOnly ? { requires: 'same-origin browser request' } : {}) } },
    ])
  }
  return match.label
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest()
}
