// Per-intent claims: how several filler processes share the open intents of one database. A
// process claims up to `limit` open intents at once (row locks taken with SKIP LOCKED, so two
// claiming at the same moment take different rows and neither waits), holds each until
// `claimed_until`, renews them while it works on them, and gives them back when they are final.
// Nobody else takes an intent while its claim holds; anyone may once it lapsed (its holder
// crashed or stalled).
// An intent is also bound to the sending account (`filler_address`) its transactions are signed
// with: once it has a journaled transaction, only a process sending from that same account takes
// it over (a restart of the crashed one, or a standby with its key). Its steps' proofs, its escrow's
// return and its account nonces belong to that account; an intent with nothing sent yet goes to
// any filler. Each statement is atomic on Postgres and PGlite alike.
import { OPEN_INTENT, STORED_COLUMNS, type StoredIntent, toStored } from './intentStore'
import type { Sql } from './sql'

export type Claimant = {
  /** The process (one per filler process): what `claimed_by` holds. */
  holder: string
  /** The account the process sends from. */
  sender: string
}

/** Claims up to `limit` open intents that are free (never claimed, given back, lapsed, or this
 * holder's already), oldest first, none of `skip`; each held for `ms` from now. */
export async function claimIntents(
  sql: Pick<Sql, 'query'>,
  who: Claimant,
  p: { limit: number; ms: number; skip?: readonly string[] },
): Promise<StoredIntent[]> {
  if (p.limit <= 0) return []
  const rows = await sql.query(
    `WITH free AS (
       SELECT nonce FROM intents i
       WHERE ${OPEN_INTENT} AND NOT (nonce::text = ANY($3::text[]))
         AND (claimed_by IS NULL OR claimed_by = $1 OR claimed_until < clock_timestamp())
         AND (filler_address IS NULL OR filler_address = lower($2)
           OR NOT EXISTS (SELECT 1 FROM intent_transactions t WHERE t.nonce = i.nonce))
       ORDER BY created_at, nonce LIMIT $4
       FOR UPDATE SKIP LOCKED)
     UPDATE intents SET claimed_by = $1, filler_address = lower($2),
       claimed_until = clock_timestamp() + $5 * interval '1 millisecond'
     FROM free WHERE intents.nonce = free.nonce
     RETURNING ${STORED_COLUMNS.replace('*', 'intents.*')}`,
    [who.holder, who.sender, [...(p.skip ?? [])], p.limit, p.ms],
  )
  return rows.map(toStored).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compare(a.nonce, b.nonce))
}

/** Holds this holder's claims on `nonces` for `ms` more; the nonces it still holds (an intent
 * another process took after the claim lapsed, or that is final, is not among them). */
export async function renewClaims(
  sql: Pick<Sql, 'query'>,
  holder: string,
  nonces: readonly string[],
  ms: number,
): Promise<Set<string>> {
  if (nonces.length === 0) return new Set()
  const rows = await sql.query<{ nonce: string | number }>(
    `UPDATE intents SET claimed_until = clock_timestamp() + $3 * interval '1 millisecond'
     WHERE nonce::text = ANY($2::text[]) AND claimed_by = $1 AND ${OPEN_INTENT}
     RETURNING nonce::text AS nonce`,
    [holder, [...nonces], ms],
  )
  return new Set(rows.map((r) => String(r.nonce)))
}

/** Gives this holder's claims on `nonces` back: another process may take them at once. */
export async function releaseClaims(sql: Pick<Sql, 'query'>, holder: string, nonces: readonly string[]): Promise<void> {
  if (nonces.length === 0) return
  await sql.query(
    `UPDATE intents SET claimed_by = NULL, claimed_until = NULL WHERE nonce::text = ANY($2::text[]) AND claimed_by = $1`,
    [holder, [...nonces]],
  )
}

const compare = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0)
