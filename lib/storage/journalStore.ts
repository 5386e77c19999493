// The filler's transaction journal: every transaction it signed for an intent's step, kept before
// it is broadcast, so a restart re-sends the same bytes instead of signing a second transaction.
// One entry per (intent, step); a transaction the node refuses for good (its fee below a base fee
// that has since risen) is replaced by the same step signed again at its nonce, and the bytes it
// replaced stay with the entry, so whichever of them is mined is recognised as the step's.
// Entries read back in the order they were recorded (`seq`, drawn per row, in a batch's order): a
// timestamp would tie for a batch written in one statement or within one tick of PGlite's clock.
import type { Hex } from 'viem'
import { z } from 'zod'
import { decimalText, hex, integer, timestamp } from './dbValues'
import type { Sql } from './sql'

/** A transaction an entry held before it was replaced at the same account nonce. */
export type ReplacedTransaction = { raw: Hex; hash: Hex }

export type JournalEntry = { step: string; chainId: number; raw: Hex; hash: Hex; replaced?: ReplacedTransaction[] }

const replacedList = z
  .union([z.string().transform((s) => JSON.parse(s) as unknown), z.array(z.unknown())])
  .pipe(z.array(z.object({ raw: hex, hash: hex })))
  .optional()

const entryColumns = { step: z.string(), chain_id: integer, raw: hex, hash: hex, replaced: replacedList }

function toEntry(r: z.output<z.ZodObject<typeof entryColumns>>): JournalEntry {
  return {
    step: r.step,
    chainId: r.chain_id,
    raw: r.raw,
    hash: r.hash,
    ...(r.replaced?.length ? { replaced: r.replaced } : {}),
  }
}

const entryRow = z.object(entryColumns).transform(toEntry)

/** Every transaction that may be the step's on chain: its own, then the bytes it replaced at the
 * same nonce (only one of them can be mined). */
export function transactionHashes(entry: JournalEntry): Hex[] {
  return [entry.hash, ...(entry.replaced ?? []).map((r) => r.hash)]
}

export async function findTransaction(
  sql: Pick<Sql, 'query'>,
  nonce: bigint | string,
  step: string,
): Promise<JournalEntry | undefined> {
  const [row] = await sql.query(
    `SELECT step, chain_id, raw, hash, replaced FROM intent_transactions WHERE nonce = $1 AND step = $2`,
    [nonce.toString(), step],
  )
  return row ? entryRow.parse(row) : undefined
}

/** Every journaled transaction of one intent, in the order they were signed. */
export async function journalOf(sql: Pick<Sql, 'query'>, nonce: bigint | string): Promise<JournalEntry[]> {
  const rows = await sql.query(
    `SELECT step, chain_id, raw, hash, replaced FROM intent_transactions WHERE nonce = $1 ORDER BY seq`,
    [nonce.toString()],
  )
  return rows.map((r) => entryRow.parse(r))
}

/** Records a signed transaction before it is sent; false when the step already has one. */
export async function recordTransaction(
  sql: Pick<Sql, 'query'>,
  nonce: bigint | string,
  entry: JournalEntry,
): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO intent_transactions (nonce, step, chain_id, raw, hash) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (nonce, step) DO NOTHING RETURNING step`,
    [nonce.toString(), entry.step, entry.chainId, entry.raw, entry.hash],
  )
  return rows.length === 1
}

/** Records several signed transactions (of different intents' steps) in one statement, before any
 * of them is sent; the `intent:step` keys that were recorded (a step that already had one is not). */
export async function recordTransactions(
  sql: Pick<Sql, 'query'>,
  entries: readonly (JournalEntry & { nonce: string })[],
): Promise<Set<string>> {
  if (entries.length === 0) return new Set()
  const params: unknown[] = []
  const values = entries.map((e) => {
    params.push(e.nonce, e.step, e.chainId, e.raw, e.hash)
    const n = params.length
    return `($${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`
  })
  const rows = await sql.query(
    `INSERT INTO intent_transactions (nonce, step, chain_id, raw, hash) VALUES ${values.join(', ')}
     ON CONFLICT (nonce, step) DO NOTHING RETURNING nonce, step`,
    params,
  )
  return new Set(
    rows.map((r) => `${decimalText.parse((r as { nonce: unknown }).nonce)}:${(r as { step: string }).step}`),
  )
}

/** SQL over `intents i`: the intent's transactions are `sender`'s (its claims bound it to that
 * sending account, intentClaims.ts), or were journaled before intents were bound to one. */
const sentBy = (param: string) => `(i.filler_address IS NULL OR i.filler_address = lower(${param}))`

/** Journaled transactions of intents still open, oldest first: what a new filler re-sends before
 * signing anything (a transaction signed before a crash holds its account nonce). With `sender`,
 * only the intents bound to that sending account (another key's bytes hold another nonce sequence). */
export async function openJournal(sql: Pick<Sql, 'query'>, sender?: string): Promise<JournalEntry[]> {
  const rows = await sql.query(
    `SELECT t.step, t.chain_id, t.raw, t.hash, t.replaced FROM intent_transactions t JOIN intents i ON i.nonce = t.nonce
     WHERE (i.status IN ('PENDING', 'CLAIMED', 'FILLED')
       OR (i.status = 'FAILED' AND i.refunds @> '[{"status":"PENDING"}]'))
       AND ($1::text IS NULL OR ${sentBy('$1')})
     ORDER BY t.seq`,
    [sender ?? null],
  )
  return rows.map((r) => entryRow.parse(r))
}

/** An intent that became final — COMPLETED, or FAILED with every refund sent — when it did, and
 * the transactions a re-org could undo: all its journal, or for a FAILED one its refunds. */
export type SettledJournal = { nonce: string; settledAt: Date; ageSeconds: number; entries: JournalEntry[] }

const settledRow = z.object({ nonce: decimalText, updated_at: timestamp, age: z.coerce.number(), ...entryColumns })

/** Intents that became final after `since` (or in the last `seconds` when there is no `since`),
 * oldest first, each with its journaled transactions: what the finality watch starts watching.
 * Compared at the millisecond precision of `settledAt` (a Date), so passing an intent's own
 * `settledAt` back excludes it on Postgres too, whose timestamps carry microseconds. */
export async function settledJournalSince(
  sql: Pick<Sql, 'query'>,
  since: Date | undefined,
  seconds: number,
  sender?: string,
): Promise<SettledJournal[]> {
  const rows = await sql.query(
    `SELECT t.nonce, i.updated_at, extract(epoch FROM clock_timestamp() - i.updated_at) AS age,
       t.step, t.chain_id, t.raw, t.hash, t.replaced
     FROM intents i JOIN intent_transactions t ON t.nonce = i.nonce
     WHERE (i.status = 'COMPLETED' OR (i.status = 'FAILED' AND t.step LIKE 'refund:%'
          AND NOT i.refunds @> '[{"status":"PENDING"}]'))
       AND date_trunc('milliseconds', i.updated_at) >
         COALESCE($1::timestamptz, clock_timestamp() - $2 * interval '1 second')
       AND ($3::text IS NULL OR ${sentBy('$3')})
     ORDER BY i.updated_at, t.seq`,
    [since?.toISOString() ?? null, seconds, sender ?? null],
  )
  const intents = new Map<string, SettledJournal>()
  for (const row of rows) {
    const r = settledRow.parse(row)
    const intent = intents.get(r.nonce) ?? { nonce: r.nonce, settledAt: r.updated_at, ageSeconds: r.age, entries: [] }
    intent.entries.push(toEntry(r))
    intents.set(r.nonce, intent)
  }
  return [...intents.values()]
}

/** Rewrites a step's entry, only while it still holds `expected` (the hash this pass read): to a
 * replacement signed at the same nonce (the old bytes kept in `replaced`), or back to replaced
 * bytes that were mined after all. False when the entry changed meanwhile. */
export async function rewriteTransaction(
  sql: Pick<Sql, 'query'>,
  nonce: bigint | string,
  step: string,
  expected: Hex,
  entry: { raw: Hex; hash: Hex; replaced: ReplacedTransaction[] },
): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE intent_transactions SET raw = $3, hash = $4, replaced = $5::jsonb
     WHERE nonce = $1 AND step = $2 AND hash = $6 RETURNING step`,
    [nonce.toString(), step, entry.raw, entry.hash, JSON.stringify(entry.replaced), expected],
  )
  return rows.length === 1
}

/** Drops a journal entry whose transaction can never be mined (its account nonce went to another). */
export async function forgetTransaction(sql: Pick<Sql, 'query'>, nonce: bigint | string, step: string): Promise<void> {
  await sql.query(`DELETE FROM intent_transactions WHERE nonce = $1 AND step = $2`, [nonce.toString(), step])
}

/** The transactions journaled on `chainId` in the last `seconds`, oldest first: what a re-org
 * there may have dropped (the filler re-sends them in nonce order, lib/worker/nonceGaps.ts). */
export async function recentJournalOn(
  sql: Pick<Sql, 'query'>,
  chainId: number,
  seconds: number,
  sender?: string,
): Promise<JournalEntry[]> {
  const rows = await sql.query(
    `SELECT t.step, t.chain_id, t.raw, t.hash FROM intent_transactions t JOIN intents i ON i.nonce = t.nonce
     WHERE t.chain_id = $1 AND t.created_at > clock_timestamp() - $2 * interval '1 second'
       AND ($3::text IS NULL OR ${sentBy('$3')})
     ORDER BY t.seq`,
    [chainId, seconds, sender ?? null],
  )
  return rows.map((r) => entryRow.parse(r))
}
