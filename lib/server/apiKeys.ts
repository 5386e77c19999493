import 'server-only'
// Who is calling: the x-api-key header checked against the configured static keys, the browser
// key, and the keys issued into the database — with the operation's scope enforced.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Address } from 'viem'
import { type Scope, scopes } from '../config/scopes'
import { ServiceError } from '../core/errors'
import { type ApiKeyRecord, findApiKey } from '../storage/apiKeyStore'
import type { Sql } from '../storage/sql'
import type { RequestHeaders } from './apiRequest'

export type KeyHash = { label: string; hash: Buffer; scopes: readonly Scope[]; sameOriginOnly: boolean }

export type Caller = {
  label: string
  keyId: string | null
  rateLimit: string | null
  scopes: readonly Scope[]
  /** The dashboard's publishable key: account operations need a signed-in wallet (`wallet`). */
  browser: boolean
  /** The wallet signed in with Ethereum on this browser (browser key only). */
  wallet: Address | null
}

/** Who a route belongs to in the history: the issued key, a configured key by its label, or —
 * through the browser key — the signed-in wallet (so every visitor has a history of their own). */
export function issuerOf(caller: Caller): string {
  if (caller.browser && caller.wallet) return `wallet:${caller.wallet.toLowerCase()}`
  return caller.keyId ?? `label:${caller.label}`
}

export function parseKeyHashes(entries: readonly string[]): KeyHash[] {
  return entries.map((e) => {
    const [label, hex] = e.split(':') as [string, string]
    return { label, hash: Buffer.from(hex, 'hex'), scopes, sameOriginOnly: false }
  })
}

/** The key the app hands its own pages at render time: public by nature (anyone can read it from
 * the page), so it is a publishable key: reads that disclose nothing private, and account
 * operations only for the wallet signed in with Ethereum (see accountAccess.ts). Never routes:sponsor. */
export function browserKeyHash(key: string): KeyHash {
  return {
    label: 'browser',
    hash: sha256(key),
    scopes: ['portfolio:read', 'routes:create', 'routes:read'],
    sameOriginOnly: true,
  }
}

// Unknown keys are remembered for a few seconds, so a flood of made-up keys does not reach the
// database once per request.
const NEGATIVE_TTL_MS = 10_000
const NEGATIVE_MAX = 10_000
const unknownKeys = new Map<string, number>()

function knownUnknown(digest: string, now: number): boolean {
  const until = unknownKeys.get(digest)
  if (until === undefined) return false
  if (until > now) return true
  unknownKeys.delete(digest)
  return false
}

function rememberUnknown(digest: string, now: number) {
  const oldest = unknownKeys.keys().next()
  if (unknownKeys.size >= NEGATIVE_MAX && !oldest.done) unknownKeys.delete(oldest.value)
  unknownKeys.set(digest, now + NEGATIVE_TTL_MS)
}

/** How long an issued key, once found, is trusted without asking the database again: a revoked
 * key (or a changed scope or rate) takes effect on every instance within this bound. */
export const KEY_CACHE_MS = 1_000

/** Issued keys found lately, by the digest of the presented secret (never the secret itself). */
export type KeyCache = {
  ttlMs: number
  now: () => number
  found: Map<string, { key: ApiKeyRecord; until: number }>
  maxEntries: number
}

export function createKeyCache({
  ttlMs = KEY_CACHE_MS,
  now = Date.now,
  maxEntries = 10_000,
}: Partial<Omit<KeyCache, 'found'>> = {}): KeyCache {
  return { ttlMs, now, found: new Map(), maxEntries }
}

const processKeyCache = createKeyCache()

async function lookUp(
  cache: KeyCache,
  digestHex: string,
  presented: string,
  db: () => Promise<Pick<Sql, 'query'>>,
): Promise<ApiKeyRecord | undefined> {
  const now = cache.now()
  const hit = cache.found.get(digestHex)
  if (hit && hit.until > now) return hit.key
  cache.found.delete(digestHex)
  if (knownUnknown(digestHex, now)) return undefined
  const stored = await findApiKey(await db(), presented)
  if (!stored) {
    rememberUnknown(digestHex, now)
    return undefined
  }
  // The bound counts from before the lookup: the answer is never trusted past `ttlMs` after it was asked.
  if (cache.ttlMs > 0) {
    const oldest = cache.found.keys().next()
    if (cache.found.size >= cache.maxEntries && !oldest.done) cache.found.delete(oldest.value)
    cache.found.set(digestHex, { key: stored, until: now + cache.ttlMs })
  }
  return stored
}

/** The calling key, or the client-recognised 401/403 messages. Issued keys are looked up in the
 * database at most once per `keyCache.ttlMs` (default KEY_CACHE_MS) per instance. */
export async function authenticate(
  headers: RequestHeaders,
  configured: readonly KeyHash[],
  scope: Scope,
  db: () => Promise<Pick<Sql, 'query'>>,
  keyCache: KeyCache = processKeyCache,
): Promise<Caller> {
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
    return configuredCaller(match)
  }
  const stored = await lookUp(keyCache, digest.toString('hex'), presented, db)
  if (!stored) throw new ServiceError('unauthenticated', 'Invalid API key', undefined, { code: 'INVALID_API_KEY' })
  if (!stored.scopes.includes(scope)) throw forbidden(scope, { granted: stored.scopes })
  return {
    label: stored.name,
    keyId: stored.id,
    rateLimit: stored.rateLimit,
    scopes: stored.scopes,
    browser: false,
    wallet: null,
  }
}

/** The caller a configured key (API_KEY_SHA256, or the browser's) makes: no stored row, so no id or
 * rate of its own; a browser key's caller has its wallet only once a session says so. */
export function configuredCaller(key: KeyHash): Caller {
  return {
    label: key.label,
    keyId: null,
    rateLimit: null,
    scopes: key.scopes,
    browser: key.sameOriginOnly,
    wallet: null,
  }
}

function forbidden(scope: Scope, context: Record<string, unknown>) {
  return new ServiceError('forbidden', 'Insufficient permissions', [
    { message: 'Insufficient permissions', context: { scope, ...context } },
  ])
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest()
}
