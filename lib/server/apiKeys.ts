import 'server-only'
// Who is calling: the x-api-key header checked against the configured static keys, the browser
// key, and the keys issued into the database — with the operation's scope enforced.
import { createHash, timingSafeEqual } from 'node:crypto'
import { ServiceError } from '../core/errors'
import { scopes, type Scope } from '../core/scopes'
import { findApiKey } from '../storage/apiKeyStore'
import type { Sql } from '../storage/sql'

export type KeyHash = { label: string; hash: Buffer; scopes: readonly Scope[]; sameOriginOnly: boolean }

export type Caller = { label: string; keyId: string | null; rateLimit: string | null }

/** Who a route belongs to in the history: the issued key, or a configured key by its label. */
export function issuerOf(caller: Caller): string {
  return caller.keyId ?? `label:${caller.label}`
}

export function parseKeyHashes(entries: readonly string[]): KeyHash[] {
  return entries.map((e) => {
    const [label, hex] = e.split(':') as [string, string]
    return { label, hash: Buffer.from(hex, 'hex'), scopes, sameOriginOnly: false }
  })
}

/** The key the app hands its own pages at render time: public by nature, so origin-bound. */
export function browserKeyHash(key: string): KeyHash {
  return { label: 'browser', hash: sha256(key), scopes: ['portfolio:read', 'routes:create', 'routes:read'], sameOriginOnly: true }
}

/** The calling key, or the client-recognised 401/403 messages. */
export async function authenticate(headers: Headers, configured: readonly KeyHash[], scope: Scope, db: () => Promise<Pick<Sql, 'query'>>): Promise<Caller> {
  const presented = headers.get('x-api-key')
  if (!presented) throw new ServiceError('unauthenticated', 'Authentication is required')
  const digest = sha256(presented)
  let match: KeyHash | undefined
  for (const k of configured) if (timingSafeEqual(k.hash, digest)) match ??= k // no early exit
  if (match) {
    // Browsers set Sec-Fetch-Site themselves and page scripts cannot change it.
    const sameOrigin = headers.get('sec-fetch-site') === 'same-origin'
    if (!match.scopes.includes(scope) || (match.sameOriginOnly && !sameOrigin)) {
      throw forbidden(scope, match.sameOriginOnly ? { requires: 'same-origin browser request' } : {})
    }
    return { label: match.label, keyId: null, rateLimit: null }
  }
  const stored = await findApiKey(await db(), presented)
  if (!stored) throw new ServiceError('unauthenticated', 'Invalid API key')
  if (!stored.scopes.includes(scope)) throw forbidden(scope, { granted: stored.scopes })
  return { label: stored.name, keyId: stored.id, rateLimit: stored.rateLimit }
}

function forbidden(scope: Scope, context: Record<string, unknown>) {
  return new ServiceError('forbidden', 'Insufficient permissions', [{ message: 'Insufficient permissions', context: { scope, ...context } }])
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest()
}
