// API keys: shown once at creation, stored as SHA-256 with a visible prefix, compared in constant
// time, revocable (the app trusts a found key for at most KEY_CACHE_MS, lib/server/apiKeys.ts). Key
// format: `ir_<prefix>_<secret>` (prefix: 10 chars, secret: 32 bytes).
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { parseRateLimit } from '../config/rateLimitSpec'
import { isScope, type Scope } from '../config/scopes'
import type { Sql } from './sql'

export type ApiKeyRecord = {
  id: string
  name: string
  prefix: string
  scopes: Scope[]
  rateLimit: string | null
  createdAt: Date
  revokedAt: Date | null
}

type Row = {
  id: string
  name: string
  prefix: string
  key_hash: Uint8Array
  scopes: string[]
  rate_limit: string | null
  created_at: Date | string
  revoked_at: Date | string | null
}

const PREFIX_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

export class KeyStoreError extends Error {}

export async function createApiKey(
  sql: Pick<Sql, 'query'>,
  p: { name: string; scopes: readonly string[]; rateLimit?: string },
): Promise<{ key: string; record: ApiKeyRecord }> {
  const name = p.name.trim()
  if (!/^[\w .:-]{1,64}$/.test(name)) throw new KeyStoreError('name: 1–64 letters, digits, spaces or . _ : -')
  const bad = p.scopes.filter((s) => !isScope(s))
  if (p.scopes.length === 0 || bad.length > 0)
    throw new KeyStoreError(`scopes: unknown ${bad.join(', ') || '(none given)'}`)
  if (p.rateLimit !== undefined && !parseRateLimit(p.rateLimit))
    throw new KeyStoreError('rate: write it as N/s, N/min, N/hour or N/day')
  const prefix = Array.from(randomBytes(10), (b) => PREFIX_ALPHABET[b % PREFIX_ALPHABET.length]).join('')
  const key = `ir_${prefix}_${randomBytes(32).toString('base64url')}`
  const rows = await sql.query<Row>(
    `INSERT INTO api_keys (id, name, prefix, key_hash, scopes, rate_limit) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [randomUUID(), name, prefix, sha256(key), [...new Set(p.scopes)], p.rateLimit ?? null],
  )
  const [row] = rows
  if (!row) throw new Error('the new API key was not stored')
  return { key, record: toRecord(row) }
}

export async function listApiKeys(sql: Pick<Sql, 'query'>): Promise<ApiKeyRecord[]> {
  return (await sql.query<Row>('SELECT * FROM api_keys ORDER BY created_at, id')).map(toRecord)
}

/** Revokes a key by id or prefix; false when there is no such active key. */
export async function revokeApiKey(sql: Pick<Sql, 'query'>, idOrPrefix: string): Promise<boolean> {
  const rows = await sql.query(
    'UPDATE api_keys SET revoked_at = now() WHERE (id = $1 OR prefix = $1) AND revoked_at IS NULL RETURNING id',
    [idOrPrefix],
  )
  return rows.length > 0
}

/** The active key a presented secret belongs to, if any. */
export async function findApiKey(sql: Pick<Sql, 'query'>, presented: string): Promise<ApiKeyRecord | undefined> {
  const match = /^ir_([a-z2-9]{10})_[\w-]{43}$/.exec(presented)
  if (!match) return undefined
  const [row] = await sql.query<Row>('SELECT * FROM api_keys WHERE prefix = $1', [match[1]])
  if (!row || row.revoked_at !== null) return undefined
  return timingSafeEqual(Buffer.from(row.key_hash), sha256(presented)) ? toRecord(row) : undefined
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest()
}

function toRecord(r: Row): ApiKeyRecord {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes.filter(isScope),
    rateLimit: r.rate_limit,
    createdAt: new Date(r.created_at),
    revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at),
  }
}
