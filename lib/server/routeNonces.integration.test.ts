import { describe, expect, it } from 'vitest'
import { openedDatabase } from '../../tests/support/openedDatabase'
import { pgliteDatabase } from '../../tests/support/testDatabases'
import { createNoncePool } from './routeNonces'

const sql = openedDatabase(pgliteDatabase)
let queries = 0
const db = async () => ({
  query: async <R>(text: string, params?: readonly unknown[]) => {
    queries++
    return sql.query<R>(text, params)
  },
})

describe('createNoncePool', () => {
  it('hands out distinct nonces, reaching the database once per block (refilled ahead)', async () => {
    queries = 0
    const pool = createNoncePool(db, 10, 3)
    const taken = await Promise.all(Array.from({ length: 25 }, () => pool.take()))
    expect(new Set(taken.map(String)).size).toBe(25)
    expect(queries).toBeLessThanOrEqual(4)
    expect(queries).toBeGreaterThanOrEqual(3)
  })

  it('two pools on one database (two instances) never hand out the same nonce', async () => {
    const [a, b] = [createNoncePool(db, 4, 1), createNoncePool(db, 4, 1)]
    const taken = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).take()))
    expect(new Set(taken.map(String)).size).toBe(20)
  })

  it('passes a database failure to the caller that needed a nonce, and recovers after', async () => {
    let fail = true
    const flaky = async () => ({
      query: async <R>(text: string, params?: readonly unknown[]) => {
        if (fail) throw new Error('database down')
        return sql.query<R>(text, params)
      },
    })
    const pool = createNoncePool(flaky, 4, 1)
    await expect(pool.take()).rejects.toThrow('database down')
    fail = false
    expect(typeof (await pool.take())).toBe('bigint')
  })
})
