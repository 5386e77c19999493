// Sign-in nonces and sessions, and the retention of stored routes, on every database kind.
import { describe, expect, it } from 'vitest'
import { openedDatabase } from '../../tests/support/openedDatabase'
import { databaseKinds } from '../../tests/support/testDatabases'
import { insertIntent } from './intentStore'
import { pruneStoredRoutes } from './retention'
import { recordRoute } from './routeStore'
import { consumeNonce, createSession, deleteSession, findSession, issueNonce } from './sessionStore'

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe.each(databaseKinds)('%s', (_, makeDatabase) => {
  const sql = openedDatabase(makeDatabase)

  it('a sign-in nonce is good once, and not after it expires', async () => {
    const { nonce } = await issueNonce(sql, 60)
    expect(nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(await consumeNonce(sql, nonce)).toBe(true)
    expect(await consumeNonce(sql, nonce)).toBe(false)
    const old = await issueNonce(sql, 60)
    await sql.query(`UPDATE auth_nonces SET expires_at = now() - interval '1 second' WHERE nonce = $1`, [old.nonce])
    expect(await consumeNonce(sql, old.nonce)).toBe(false)
  })

  it('a session is kept as a hash, found by its token until it ends or is deleted', async () => {
    const token = await createSession(sql, { address: alice, expiresAt: new Date(Date.now() + 60_000) })
    expect(JSON.stringify(await sql.query('SELECT * FROM sessions'))).not.toContain(token)
    expect(await findSession(sql, token)).toMatchObject({ address: alice })
    expect(await findSession(sql, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBeUndefined()
    await deleteSession(sql, token)
    expect(await findSession(sql, token)).toBeUndefined()
    const ended = await createSession(sql, { address: alice, expiresAt: new Date(Date.now() - 1_000) })
    expect(await findSession(sql, ended)).toBeUndefined()
  })

  it('retention deletes old routes and finished intents, keeps fresh ones and routes with open intents', async () => {
    const route = async (nonce: bigint, daysOld: number) => {
      await recordRoute(sql, {
        nonce,
        sponsor: alice,
        destinationChainId: 8453,
        request: {},
        response: {},
        expires: 1n,
        keyId: null,
        issuedBy: 'label:test',
      })
      await sql.query(`UPDATE routes SET created_at = now() - make_interval(days => $2) WHERE nonce = $1`, [
        nonce.toString(),
        daysOld,
      ])
    }
    const intent = async (nonce: bigint, status: string) => {
      await insertIntent(sql, {
        nonce,
        sponsor: alice,
        destinationChainId: 8453,
        signedIntentOp: {},
        claims: [],
        issuedBy: 'label:test',
        fillDeadline: 1n,
        expires: 1n,
      })
      await sql.query(`UPDATE intents SET status = $2 WHERE nonce = $1`, [nonce.toString(), status])
    }
    await route(9_000_001n, 40)
    await route(9_000_002n, 40)
    await intent(9_000_002n, 'COMPLETED')
    await route(9_000_003n, 40)
    await intent(9_000_003n, 'CLAIMED')
    await route(9_000_004n, 1)
    expect(await pruneStoredRoutes(sql, { retentionDays: 30 })).toEqual({ routes: 2, intents: 1 })
    const left = await sql.query<{ nonce: string }>(
      `SELECT nonce::text AS nonce FROM routes WHERE nonce >= 9000001 AND nonce <= 9000004 ORDER BY nonce`,
    )
    expect(left.map((r) => r.nonce)).toEqual(['9000003', '9000004'])
  })
})
