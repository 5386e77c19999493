import { describe, expect, it } from 'vitest'
import { openedDatabase } from '../../tests/support/openedDatabase'
import { pgliteDatabase } from '../../tests/support/testDatabases'
import { hashApiKey } from '../config/keyHash'
import { createApiKey, revokeApiKey } from '../storage/apiKeyStore'
import { authenticate, browserKeyHash, createKeyCache, KEY_CACHE_MS, parseKeyHashes } from './apiKeys'

const configured = [
  ...parseKeyHashes([`demo:${hashApiKey('secret-one')}`, `ops:${hashApiKey('secret-two')}`]),
  browserKeyHash('browser-key-handed-to-pages'),
]
const headers = (key?: string, extra: Record<string, string> = {}) =>
  new Headers(key === undefined ? extra : { 'x-api-key': key, ...extra })

const sql = openedDatabase(pgliteDatabase)
const db = async () => sql
/** A key cache on a clock the test moves. */
const clockedCache = () => {
  let t = 1_000_000
  return { cache: createKeyCache({ now: () => t }), advance: (ms: number) => (t += ms) }
}

describe('authenticate', () => {
  it('accepts a configured static key and returns its label', async () => {
    expect(await authenticate(headers('secret-one'), configured, 'portfolio:read', db)).toMatchObject({
      label: 'demo',
      keyId: null,
    })
    expect(await authenticate(headers('secret-two'), configured, 'routes:create', db)).toMatchObject({ label: 'ops' })
  })

  it('answers a missing key with "Authentication is required" and an unknown one with "Invalid API key"', async () => {
    await expect(authenticate(headers(), configured, 'portfolio:read', db)).rejects.toMatchObject({
      kind: 'unauthenticated',
      message: 'Authentication is required',
    })
    await expect(authenticate(headers('secret-three'), configured, 'portfolio:read', db)).rejects.toMatchObject({
      kind: 'unauthenticated',
      message: 'Invalid API key',
    })
    await expect(authenticate(headers(hashApiKey('secret-one')), configured, 'portfolio:read', db)).rejects.toThrow(
      'Invalid API key',
    ) // the hash is not a key
  })

  it('accepts the browser key only on same-origin browser requests', async () => {
    const key = 'browser-key-handed-to-pages'
    expect(
      await authenticate(headers(key, { 'sec-fetch-site': 'same-origin' }), configured, 'routes:read', db),
    ).toMatchObject({ label: 'browser' })
    await expect(
      authenticate(headers(key, { 'sec-fetch-site': 'cross-site' }), configured, 'portfolio:read', db),
    ).rejects.toMatchObject({ kind: 'forbidden', message: 'Insufficient permissions' })
    await expect(authenticate(headers(key), configured, 'routes:create', db)).rejects.toThrow(
      'Insufficient permissions',
    )
  })

  it(
    'accepts an issued key for its scopes only, and not ' + 'once the key cache bound has passed after it is revoked',
    async () => {
      const { cache, advance } = clockedCache()
      const { key, record } = await createApiKey(sql, { name: 'reader', scopes: ['portfolio:read'], rateLimit: '5/s' })
      expect(await authenticate(headers(key), configured, 'portfolio:read', db, cache)).toEqual({
        label: 'reader',
        keyId: record.id,
        rateLimit: '5/s',
        scopes: ['portfolio:read'],
        browser: false,
        wallet: null,
      })
      await expect(authenticate(headers(key), configured, 'routes:create', db, cache)).rejects.toMatchObject({
        kind: 'forbidden',
        message: 'Insufficient permissions',
      })
      await revokeApiKey(sql, record.id)
      advance(KEY_CACHE_MS)
      await expect(authenticate(headers(key), configured, 'portfolio:read', db, cache)).rejects.toThrow(
        'Invalid API key',
      )
    },
  )
})

describe('the browser key', () => {
  it('is a publishable key: never routes:sponsor, and marked as the browser', async () => {
    const caller = await authenticate(
      headers('browser-key-handed-to-pages', { 'sec-fetch-site': 'same-origin' }),
      configured,
      'routes:create',
      db,
    )
    expect(caller).toMatchObject({ browser: true, wallet: null })
    expect(caller.scopes).not.toContain('routes:sponsor')
    await expect(
      authenticate(
        headers('browser-key-handed-to-pages', { 'sec-fetch-site': 'same-origin' }),
        configured,
        'routes:sponsor',
        db,
      ),
    ).rejects.toThrow('Insufficient permissions')
  })
})

describe('unknown keys', () => {
  it('are remembered briefly: a flood of the same made-up key reaches the database once', async () => {
    let lookups = 0
    const counting = async () => ({
      query: async <R>(text: string, params?: readonly unknown[]) => {
        lookups++
        return sql.query<R>(text, params)
      },
    })
    const made = `ir_abcdefghjk_${'x'.repeat(43)}`
    for (let i = 0; i < 5; i++)
      await expect(authenticate(headers(made), configured, 'portfolio:read', counting)).rejects.toThrow(
        'Invalid API key',
      )
    expect(lookups).toBe(1)
  })

  it('with no key cache, a revoked key is refused on the very next lookup', async () => {
    const { key, record } = await createApiKey(sql, { name: 'cache check', scopes: ['portfolio:read'] })
    const uncached = createKeyCache({ ttlMs: 0 })
    expect(await authenticate(headers(key), configured, 'portfolio:read', db, uncached)).toMatchObject({
      keyId: record.id,
    })
    await revokeApiKey(sql, record.id)
    await expect(authenticate(headers(key), configured, 'portfolio:read', db, uncached)).rejects.toThrow(
      'Invalid API key',
    )
  })
})

describe('issued keys', () => {
  it('are looked up once per bound, and a revoked one is refused from the bound on, never later', async () => {
    let lookups = 0
    const counting = async () => ({
      query: async <R>(text: string, params?: readonly unknown[]) => {
        lookups++
        return sql.query<R>(text, params)
      },
    })
    const { cache, advance } = clockedCache()
    const { key, record } = await createApiKey(sql, { name: 'cached', scopes: ['portfolio:read'] })
    for (let i = 0; i < 5; i++)
      expect(await authenticate(headers(key), configured, 'portfolio:read', counting, cache)).toMatchObject({
        keyId: record.id,
      })
    expect(lookups).toBe(1)
    await revokeApiKey(sql, record.id)
    advance(KEY_CACHE_MS - 1) // still within the bound: the key as found
    expect(await authenticate(headers(key), configured, 'portfolio:read', counting, cache)).toMatchObject({
      keyId: record.id,
    })
    advance(1)
    await expect(authenticate(headers(key), configured, 'portfolio:read', counting, cache)).rejects.toThrow(
      'Invalid API key',
    )
    expect(lookups).toBe(2)
  })

  it('keep each scope check per request: a cached key still gets 403 outside its scopes', async () => {
    const { cache } = clockedCache()
    const { key } = await createApiKey(sql, { name: 'scoped', scopes: ['portfolio:read'] })
    expect(await authenticate(headers(key), configured, 'portfolio:read', db, cache)).toMatchObject({ label: 'scoped' })
    await expect(authenticate(headers(key), configured, 'routes:create', db, cache)).rejects.toMatchObject({
      kind: 'forbidden',
    })
  })
})
