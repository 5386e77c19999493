// The lease on a real database (PGlite, and Postgres when TEST_DATABASE_URL is set): of processes
// racing for it exactly one holds it, renewals keep it, it passes on only after it lapsed, and a
// holder's fence closes before another can take it over.
import { describe, expect, it } from 'vitest'
import { openedDatabase } from '../../tests/support/openedDatabase'
import { databaseKinds } from '../../tests/support/testDatabases'
import { holdLease, leaseHeld } from '../storage/leaseStore'
import { Lease, LeaseLostError } from './lease'

describe.each(databaseKinds)('%s', (_, makeDatabase) => {
  const sql = openedDatabase(makeDatabase)

  it('of 10 holders racing for a free lease exactly one gets it, and it stays with that one', async () => {
    const won = await Promise.all(Array.from({ length: 10 }, (_, i) => holdLease(sql, 'race', `holder-${i}`, 5_000)))
    expect(won.filter(Boolean)).toHaveLength(1)
    const winner = `holder-${won.indexOf(true)}`
    const again = await Promise.all(Array.from({ length: 10 }, (_, i) => holdLease(sql, 'race', `holder-${i}`, 5_000)))
    expect(again.map((w, i) => (w ? `holder-${i}` : undefined)).filter(Boolean)).toEqual([winner])
  })

  it('passes to another holder only once it lapsed; the old holder fenced itself off before that', async () => {
    let clock = 1_000_000
    const a = new Lease(sql, 'handover', 'a', 300, () => clock)
    const b = new Lease(sql, 'handover', 'b', 300, () => clock)
    expect(await a.renew()).toBe(true)
    expect(await b.renew()).toBe(false)
    expect(() => a.fence(100)).not.toThrow()
    expect(() => b.fence(0)).toThrow(LeaseLostError)
    // By a's own clock the lease runs out: it stops sending, although the database may still say it holds it.
    clock += 250
    expect(() => a.fence(100)).toThrow(LeaseLostError)
    await new Promise((r) => setTimeout(r, 350))
    expect(await leaseHeld(sql, 'handover')).toBe(false)
    expect(await b.renew()).toBe(true)
    expect(await a.renew()).toBe(false)
    expect(a.held()).toBe(false)
    await b.release()
    expect(await leaseHeld(sql, 'handover')).toBe(false)
  })

  it('renews before a third of it passed, not on every call', async () => {
    let clock = 0
    const lease = new Lease(sql, 'renewals', 'only', 3_000, () => clock)
    expect(await lease.renew()).toBe(true)
    await sql.query(`UPDATE filler_lease SET holder = 'someone else' WHERE name = 'renewals'`)
    clock += 500
    expect(await lease.renew()).toBe(true) // not asked again yet: still within its first third
    clock += 600
    expect(await lease.renew()).toBe(false) // asked: the database says another holds it
    expect(lease.held()).toBe(false)
  })
})
