// The filler's transaction journal: every transaction it signed for an intent's step, kept before
// it is broadcast, so a restart re-sends the same bytes instead of signing a second transaction.
// One entry per (intent, step).
import type { Hex } from 'viem'
import { z } from 'zod'
import { decimalText, hex, integer } from './dbValues'
import type { Sql } from './sql'

export type JournalEntry = { step: string; chainId: number; raw: Hex; hash: Hex }

const entryRow = z.object({ step: z.string(), chain_id: integer, raw: hex, hash: hex }).transform((r): JournalEntry => ({ step: r.step, chainId: r.chain_id, raw: r.raw, hash: r.hash }))
const intentEntryRow = z.object({ nonce: decimalText, step: z.string(), chain_id: integer, raw: hex, hash: hex })

export async function findTransaction(sql: Pick<Sql, 'query'>, nonce: bigint | string, step: string): Promise<JournalEntry | undefined> {
  const [row] = await sql.query(`SELECT step, chain_id, raw, hash FROM intent_transactions WHERE nonce = $1 AND step = $2`, [nonce.toString(), step])
  return row ? entryRow.parse(row) : undefined
}

/** Every journaled transaction of one intent, in the order they were signed. */
export async function journalOf(sql: Pick<Sql, 'query'>, nonce: bigint | string): Promise<JournalEntry[]> {
  const rows = await sql.query(`SELECT step, chain_id, raw, hash FROM intent_transactions WHERE nonce = $1 ORDER BY created_at`, [nonce.toString()])
  return rows.map((r) => entryRow.parse(r))
}

/** Records a signed transaction before it is sent; false when the step already has one. */
export async function recordTransaction(sql: Pick<Sql, 'query'>, nonce: bigint | string, entry: JournalEntry): Promise<boolean> {
  const rows = await sql.query(`INSERT INTO intent_transactions (nonce, step, chain_id, raw, hash) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (nonce, step) DO NOTHING RETURNING step`, [
    nonce.toString(),
    entry.step,
    entry.chainId,
    entry.raw,
    entry.hash,
  ])
  return rows.length === 1
}

/** Journaled transactions of intents still open, oldest first: what a new filler re-sends before
 * signing anything (a transaction signed before a crash holds its account nonce). */
export async function openJournal(sql: Pick<Sql, 'query'>): Promise<JournalEntry[]> {
  const rows = await sql.query(
    `SELECT t.step, t.chain_id, t.raw, t.hash FROM intent_transactions t JOIN intents i ON i.nonce = t.nonce
     WHERE i.status IN ('PENDING', 'CLAIMED', 'FILLED') OR (i.status = 'FAILED' AND i.refunds @> '[{"status":"PENDING"}]') ORDER BY t.created_at`,
  )
  return rows.map((r) => entryRow.parse(r))
}

/** Journaled transactions on `chainId` of intents that became COMPLETED in the last `seconds`:
 * what the finality watch looks at again after a re-org of that chain. */
export async function recentlyCompletedJournal(sql: Pick<Sql, 'query'>, chainId: number, seconds: number): Promise<(JournalEntry & { nonce: string })[]> {
  const rows = await sql.query(
    `SELECT t.nonce, t.step, t.chain_id, t.raw, t.hash FROM intent_transactions t JOIN intents i ON i.nonce = t.nonce
     WHERE i.status = 'COMPLETED' AND t.chain_id = $1 AND i.updated_at > clock_timestamp() - $2 * interval '1 second' ORDER BY t.created_at`,
    [chainId, seconds],
  )
  return rows.map((r) => {
    const v = intentEntryRow.parse(r)
    return { nonce: v.nonce, step: v.step, chainId: v.chain_id, raw: v.raw, hash: v.hash }
  })
}

/** Drops a journal entry whose transaction can never be mined (its account nonce went to another). */
export async function forgetTransaction(sql: Pick<Sql, 'query'>, nonce: bigint | string, step: string): Promise<void> {
  await sql.query(`DELETE FROM intent_transactions WHERE nonce = $1 AND step = $2`, [nonce.toString(), step])
}
