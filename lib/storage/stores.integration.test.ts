// Keys and route history on every database kind the service runs on.

import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openedDatabase } from '../../tests/support/openedDatabase'
import { databaseKinds, postgresUrl } from '../../tests/support/testDatabases'
import { createApiKey, findApiKey, KeyStoreError, listApiKeys, revokeApiKey } from './apiKeyStore'
import { migrate } from './migrate'
import {
  BadCursorError,
  listRoutes,
  NonceTakenError,
  nextRouteNonce,
  recordRoute,
  reserveRouteNonces,
} from './routeStore'

it('runs on a real Postgres when TEST_DATABASE_URL is set (CI sets it)', () => {
  if (process.env.REQUIRE_TEST_SERVICES) expect(postgresUrl, 'CI must set TEST_DATABASE_URL').toBeTruthy()
  expect(databaseKinds.map(([kind]) => kind)).toEqual(['PGlite', 'Postgres'])
})

describe.each(databaseKinds)('%s', (_, makeDatabase) => {
  const sql = openedDatabase(makeDatabase)

  describe('migrations', () => {
    it('are applied once and recorded; a second run applies nothing', async () => {
      expect(await migrate(sql)).toEqual([])
      const rows = await sql.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
      expect(rows.map((r) => Number(r.version))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
      // Routes are indexed for what is read: by nonce, by sponsor and issuing key, by age.
      const indexes = await sql.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE tablename = 'routes' ORDER BY indexname`,
      )
      expect(indexes.map((i) => i.indexname)).toEqual(['routes_by_age', 'routes_by_issuer', 'routes_pkey'])
    })
  })

  describe('API keys', () => {
    it('are shown once, stored as a hash with a visible prefix, and found by the full key only', async () => {
      const { key, record } = await createApiKey(sql, {
        name: 'ops team',
        scopes: ['portfolio:read', 'routes:create'],
        rateLimit: '600/min',
      })
      expect(key).toMatch(new RegExp(`^ir_${record.prefix}_[\\w-]{43}$`))
      const [row] = await sql.query<{ key_hash: Uint8Array }>('SELECT key_hash FROM api_keys WHERE id = $1', [
        record.id,
      ])
      expect(Buffer.from(row!.key_hash).toString('hex')).not.toContain(key)
      // The secret is base64url and may itself contain '_': cut it off after the visible prefix.
      const secret = key.slice(`ir_${record.prefix}_`.length)
      expect(secret).toHaveLength(43)
      expect(JSON.stringify(await sql.query('SELECT * FROM api_keys'))).not.toContain(secret)
      expect(await findApiKey(sql, key)).toMatchObject({
        id: record.id,
        name: 'ops team',
        scopes: ['portfolio:read', 'routes:create'],
        rateLimit: '600/min',
      })
      expect(await findApiKey(sql, key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'))).toBeUndefined()
      expect(await findApiKey(sql, 'ir_demo_whatever')).toBeUndefined()
    })

    it('are listed without secrets and revoked at once, by id or prefix', async () => {
      const a = await createApiKey(sql, { name: 'a', scopes: ['routes:read'] })
      const b = await createApiKey(sql, { name: 'b', scopes: ['routes:read'] })
      expect((await listApiKeys(sql)).map((k) => k.name)).toEqual(expect.arrayContaining(['a', 'b']))
      expect(await revokeApiKey(sql, a.record.id)).toBe(true)
      expect(await revokeApiKey(sql, b.record.prefix)).toBe(true)
      expect(await revokeApiKey(sql, a.record.id)).toBe(false)
      expect(await findApiKey(sql, a.key)).toBeUndefined()
      expect(await findApiKey(sql, b.key)).toBeUndefined()
      expect((await listApiKeys(sql)).find((k) => k.id === a.record.id)?.revokedAt).toBeInstanceOf(Date)
    })

    it('refuse unknown scopes, no scopes, a bad name or a bad rate', async () => {
      await expect(createApiKey(sql, { name: 'x', scopes: ['admin'] })).rejects.toThrow(
        new KeyStoreError('scopes: unknown admin'),
      )
      await expect(createApiKey(sql, { name: 'x', scopes: [] })).rejects.toThrow(/scopes/)
      await expect(createApiKey(sql, { name: '', scopes: ['routes:read'] })).rejects.toThrow(/name/)
      await expect(createApiKey(sql, { name: 'x', scopes: ['routes:read'], rateLimit: 'lots' })).rejects.toThrow(/rate/)
    })
  })

  describe('route history', () => {
    const sponsor = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
    const issuedBy = 'label:test'
    const record = (nonce: bigint, who: `0x${string}` = sponsor, by = issuedBy) =>
      recordRoute(sql, {
        nonce,
        sponsor: who,
        destinationChainId: 8453,
        request: { n: Number(nonce) },
        response: { intentOp: { nonce: nonce.toString() } },
        expires: 1_900_000_000n,
        keyId: null,
        issuedBy: by,
      })

    it('keeps every route, and a nonce can be issued only once', async () => {
      const big = 2n ** 200n + 12345n
      await record(big)
      await expect(record(big)).rejects.toBeInstanceOf(NonceTakenError)
      const { routes } = await listRoutes(sql, sponsor, { limit: 10, issuedBy })
      expect(routes[0]).toMatchObject({
        nonce: big.toString(),
        destinationChainId: 8453,
        request: { n: Number(big) },
        response: { intentOp: { nonce: big.toString() } },
      })
      // SHA-256 of the response exactly as it was serialised for storage.
      expect(routes[0]!.responseDigest).toBe(
        `0x${createHash('sha256')
          .update(JSON.stringify({ intentOp: { nonce: big.toString() } }))
          .digest('hex')}`,
      )
    })

    it('stores a response given already serialised exactly as given, and digests those bytes', async () => {
      const nonce = 2n ** 201n + 7n
      const text = `{"intentOp":{"nonce":"${nonce}","z":1,"a":[2,3]}}`
      await recordRoute(sql, {
        nonce,
        sponsor,
        destinationChainId: 8453,
        request: {},
        responseJson: text,
        expires: 1_900_000_000n,
        keyId: null,
        issuedBy,
      })
      const { routes } = await listRoutes(sql, sponsor, { limit: 1, issuedBy })
      expect(routes[0]).toMatchObject({
        nonce: nonce.toString(),
        response: { intentOp: { nonce: nonce.toString(), z: 1, a: [2, 3] } },
      })
      expect(routes[0]!.responseDigest).toBe(`0x${createHash('sha256').update(text).digest('hex')}`)
    })

    it('reserves nonces in blocks from the one sequence: every nonce drawn is distinct', async () => {
      const [a, b, single] = [
        await reserveRouteNonces(sql, 5),
        await reserveRouteNonces(sql, 3),
        await nextRouteNonce(sql),
      ]
      expect(a).toHaveLength(5)
      expect(b).toHaveLength(3)
      expect(new Set([...a, ...b, single].map(String)).size).toBe(9)
    })

    it('pages newest first with a cursor, per sponsor, without gaps or repeats', async () => {
      const other = '0x1111111111111111111111111111111111111111' as const
      for (let i = 1n; i <= 7n; i++) await record(1000n + i)
      await record(5000n, other)
      const seen: string[] = []
      let cursor: string | undefined
      do {
        const page = await listRoutes(sql, sponsor, { limit: 3, cursor, issuedBy })
        seen.push(...page.routes.map((r) => r.nonce))
        cursor = page.nextCursor ?? undefined
      } while (cursor)
      const ours = seen.filter((n) => BigInt(n) > 1000n && BigInt(n) < 2000n)
      expect(ours).toEqual(['1007', '1006', '1005', '1004', '1003', '1002', '1001'])
      expect(new Set(seen).size).toBe(seen.length)
      expect(seen).not.toContain('5000')
      expect((await listRoutes(sql, other, { limit: 10, issuedBy })).routes.map((r) => r.nonce)).toEqual(['5000'])
    })

    it('shows each key only the routes it issued', async () => {
      await record(7001n, sponsor, 'key-a')
      await record(7002n, sponsor, 'key-b')
      expect((await listRoutes(sql, sponsor, { limit: 50, issuedBy: 'key-a' })).routes.map((r) => r.nonce)).toEqual([
        '7001',
      ])
      expect((await listRoutes(sql, sponsor, { limit: 50, issuedBy: 'key-b' })).routes.map((r) => r.nonce)).toEqual([
        '7002',
      ])
    })

    it('refuses a cursor it did not issue', async () => {
      await expect(listRoutes(sql, sponsor, { limit: 3, cursor: 'garbage', issuedBy })).rejects.toBeInstanceOf(
        BadCursorError,
      )
    })
  })
})
