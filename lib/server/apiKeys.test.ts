import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgliteDatabase, type TestDatabase } from '../../tests/support/testDatabases'
import { hashApiKey } from '../config/keyHash'
import { createApiKey, revokeApiKey } from '../storage/apiKeyStore'
import type { Sql } from '../storage/sql'
import { authenticate, browserKeyHash, parseKeyHashes } from './apiKeys'

const configured = [...parseKeyHashes([`demo:${hashApiKey('secret-one')}`, `ops:${hashApiKey('secret-two')}`]), browserKeyHash('browser-key-handed-to-pages')]
const headers = (key?: string, extra: Record<string, string> = {}) => new Headers(key === undefined ? extra : { 'x-api-key': key, ...extra })

let database: TestDatabase
let sql: Sql
beforeAll(async () => {
  database = await pgliteDatabase()
  sql = await database.open()
}, 60_000)
afterAll(async () => {
  await sql?.close()
  await database?.dispose()
})
const db = async () => sql

describe('authenticate', () => {
  it('accepts a configured static key and returns its label', async () => {
    expect(await authenticate(headers('secret-one'), configured, 'portfolio:read', db)).toMatchObject({ label: 'demo', keyId: null })
    expect(await authenticate(headers('secret-two'), configured, 'routes:create', db)).toMatchObject({ label: 'ops' })
  })

  it('answers a missing key with "Authentication is required" and an unknown one with "Invalid API key"', async () => {
    await expect(authenticate(headers(), configured, 'portfolio:read', db)).rejects.toMatchObject({ kind: 'unauthenticated', message: 'Authentication is required' })
    await expect(authenticate(headers('secret-three'), configured, 'portfolio:read', db)).rejects.toMatchObject({ kind: 'unauthenticated', message: 'Invalid API key' })
    await expect(authenticate(headers(hashApiKey('secret-one')), configured, 'portfolio:read', db)).rejects.toThrow('Invalid API key') // the hash is not a key
  })

  it('accepts the browser key only on same-origin browser requests', async () => {
    const key = 'browser-key-handed-to-pages'
    expect(await authenticate(headers(key, { 'sec-fetch-site': 'same-origin' }), configured, 'routes:read', db)).toMatchObject({ label: 'browser' })
    await expect(authenticate(headers(key, { 'sec-fetch-site': 'cross-site' }), configured, 'portfolio:read', db)).rejects.toMatchObject({ kind: 'forbidden', message: 'Insufficient permissions' })
    await expect(authenticate(headers(key), configured, 'routes:create', db)).rejects.toThrow('Insufficient permissions')
  })

  it('accepts an issued key for its scopes only, and not after it is revoked', async () => {
    const { key, record } = await createApiKey(sql, { name: 'reader', scopes: ['portfolio:read'], rateLimit: '5/s' })
    expect(await authenticate(headers(key), configured, 'portfolio:read', db)).toEqual({
      label: 'reader',
      keyId: record.id,
      rateLimit: '5/s',
      scopes: ['portfolio:read'],
      browser: false,
      wallet: null,
    })
    await expect(authenticate(headers(key), configured, 'routes:create', db)).rejects.toMatchObject({ kind: 'forbidden', message: 'Insufficient permissions' })
    await revokeApiKey(sql, record.id)
    await expect(authenticate(headers(key), configured, 'portfolio:read', db)).rejects.toThrow('Invalid API key')
  })
})

describe('the browser key', () => {
  it('is a publishable key: never routes:sponsor, and marked as the browser', async () => {
    const caller = await authenticate(headers('browser-key-handed-to-pages', { 'sec-fetch-site': 'same-origin' }), configured, 'routes:create', db)
    expect(caller).toMatchObject({ browser: true, wallet: null })
    expect(caller.scopes).not.toContain('routes:sponsor')
    await expect(authenticate(headers('browser-key-handed-to-pages', { 'sec-fetch-site': 'same-origin' }), configured, 'routes:sponsor', db)).rejects.toThrow('Insufficient permissions')
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
    for (let i = 0; i < 5; i++) await expect(authenticate(headers(made), configured, 'portfolio:read', counting)).rejects.toThrow('Invalid API key')
    expect(lookups).toBe(1)
  })

  it('a revoked key is still refused at once (only misses are cached)', async () => {
    const { key, record } = await createApiKey(sql, { name: 'cache check', scopes: ['portfolio:read'] })
    expect(await authenticate(headers(key), configured, 'portfolio:read', db)).toMatchObject({ keyId: record.id })
    await revokeApiKey(sql, record.id)
    await expect(authenticate(headers(key), configured, 'portfolio:read', db)).rejects.toThrow('Invalid API key')
  })
})
