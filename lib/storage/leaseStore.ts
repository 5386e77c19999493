// Named leases in the database: the filler's (exactly one filler process sends at a time) and the
// attester's (which doubles as its heartbeat). A lease is held until its `until`; its holder renews
// it, anyone takes it over once it lapsed. Each operation is one statement, so it is atomic on
// Postgres and PGlite alike.
import type { Sql } from './sql'

/** The lease the attester holds while it works; the filler reads it as the attester's heartbeat. */
export const ATTESTER_LEASE = 'attester'

/** Takes or renews a named lease for `holder` for `ms`; true while this holder has it. */
export async function holdLease(sql: Pick<Sql, 'query'>, name: string, holder: string, ms: number): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO filler_lease (name, holder, until) VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
     WHERE filler_lease.holder = EXCLUDED.holder OR filler_lease.until < clock_timestamp()
     RETURNING holder`,
    [name, holder, ms],
  )
  return rows.length === 1
}

export async function releaseLease(sql: Pick<Sql, 'query'>, name: string, holder: string): Promise<void> {
  await sql.query(`DELETE FROM filler_lease WHERE name = $1 AND holder = $2`, [name, holder])
}

/** Whether a lease is currently held (the attester's doubles as its heartbeat). */
export async function leaseHeld(sql: Pick<Sql, 'query'>, name: string): Promise<boolean> {
  const rows = await sql.query(`SELECT 1 FROM filler_lease WHERE name = $1 AND until > clock_timestamp()`, [name])
  return rows.length === 1
}
