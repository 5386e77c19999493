// Retention: stored routes are kept for a number of days, then deleted with whatever refers to
// them — a finished intent (COMPLETED or FAILED) and its transaction journal. A route whose
// intent is still open is kept until the intent ends. Spent sign-in nonces and ended sessions go too.
import type { Sql } from './sql'

export type PruneResult = { routes: number; intents: number }

export async function pruneStoredRoutes(
  sql: Pick<Sql, 'transaction'>,
  p: { retentionDays: number },
): Promise<PruneResult> {
  return sql.transaction(async (tx) => {
    const cutoff = `clock_timestamp() - make_interval(days => $1)`
    const finished = `SELECT i.nonce FROM intents i JOIN routes r ON r.nonce = i.nonce
      WHERE r.created_at < ${cutoff} AND i.status IN ('COMPLETED', 'FAILED')`
    await tx.query(`DELETE FROM intent_transactions WHERE nonce IN (${finished})`, [p.retentionDays])
    const intents = await tx.query(`DELETE FROM intents WHERE nonce IN (${finished}) RETURNING nonce`, [
      p.retentionDays,
    ])
    const routes = await tx.query(
      `DELETE FROM routes r WHERE r.created_at < ${cutoff}
       AND NOT EXISTS (SELECT 1 FROM intents i WHERE i.nonce = r.nonce) RETURNING nonce`,
      [p.retentionDays],
    )
    await tx.query(`DELETE FROM auth_nonces WHERE expires_at < clock_timestamp()`)
    await tx.query(`DELETE FROM sessions WHERE expires_at < clock_timestamp()`)
    return { routes: routes.length, intents: intents.length }
  })
}
