// Submitted intents and their settlement: status, per-element claims, the fill, and a journal of
// every transaction the filler signed (kept before it is broadcast, so a restart re-sends the
// same bytes instead of signing a second transaction). One row per route nonce: a route can be
// submitted once.
import type { Address, Hex } from 'viem'
import { CREATED_US, newestFirstPage } from './pageCursor'
import { isUniqueViolation, type Sql } from './sql'

export const intentStatuses = ['PENDING', 'CLAIMED', 'FILLED', 'COMPLETED', 'FAILED'] as const
export type IntentStatus = (typeof intentStatuses)[number]
export const finalStatuses: readonly IntentStatus[] = ['COMPLETED', 'FAILED']

export type ClaimRecord = {
  elementIndex: number
  chainId: number
  status: 'PENDING' | 'COMPLETED' | 'FAILED'
  txHash?: Hex
  /** Block time of the claim (unix seconds). */
  timestamp?: number
}

export type FillRecord = { chainId: number; txHash?: Hex; timestamp?: number; status: 'PENDING' | 'COMPLETED' }

/** An escrow returned (or to be returned) to the sponsor on an origin chain, and why. */
export type RefundRecord = { chainId: number; elementIndex: number; status: 'PENDING' | 'COMPLETED'; txHash?: Hex; timestamp?: number; reason: string }

export type StoredIntent = {
  nonce: string
  sponsor: Address
  destinationChainId: number
  signedIntentOp: unknown
  status: IntentStatus
  claims: ClaimRecord[]
  fill: FillRecord | null
  refunds: RefundRecord[]
  failureReason: string | null
  issuedBy: string
  fillDeadline: string
  expires: string
  createdAt: Date
  updatedAt: Date
}

type Row = {
  nonce: string
  sponsor: string
  destination_chain_id: number
  signed_intent_op: unknown
  status: IntentStatus
  claims: ClaimRecord[]
  fill: FillRecord | null
  refunds: RefundRecord[] | null
  failure_reason: string | null
  issued_by: string
  fill_deadline: string
  expires: string
  created_at: Date | string
  updated_at: Date | string
  created_us: string
}

const COLUMNS = `*, ${CREATED_US} AS created_us`

export class IntentExistsError extends Error {}

export type NewIntent = {
  nonce: bigint
  sponsor: Address
  destinationChainId: number
  signedIntentOp: unknown
  claims: ClaimRecord[]
  issuedBy: string
  fillDeadline: bigint
  expires: bigint
}

export async function insertIntent(sql: Pick<Sql, 'query'>, intent: NewIntent): Promise<void> {
  try {
    await sql.query(
      `INSERT INTO intents (nonce, sponsor, destination_chain_id, signed_intent_op, status, claims, issued_by, fill_deadline, expires) VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $7, $8)`,
      [
        intent.nonce.toString(),
        intent.sponsor.toLowerCase(),
        intent.destinationChainId,
        JSON.stringify(intent.signedIntentOp),
        JSON.stringify(intent.claims),
        intent.issuedBy,
        intent.fillDeadline.toString(),
        intent.expires.toString(),
      ],
    )
  } catch (error) {
    if (isUniqueViolation(error)) throw new IntentExistsError(`intent ${intent.nonce} was already submitted`)
    throw error
  }
}

export async function findIntent(sql: Pick<Sql, 'query'>, nonce: bigint): Promise<StoredIntent | undefined> {
  const [row] = await sql.query<Row>(`SELECT ${COLUMNS} FROM intents WHERE nonce = $1`, [nonce.toString()])
  return row ? toStored(row) : undefined
}

/** What the filler still has to do: intents not yet in a final state, and failed ones with a
 * refund still to send, oldest first, skipping the nonces in `skip` (intents backing off). */
export async function openIntents(sql: Pick<Sql, 'query'>, limit: number, skip: readonly string[] = []): Promise<StoredIntent[]> {
  const rows = await sql.query<Row>(
    `SELECT ${COLUMNS} FROM intents
     WHERE (status IN ('PENDING', 'CLAIMED', 'FILLED') OR (status = 'FAILED' AND refunds @> '[{"status":"PENDING"}]'))
       AND NOT (nonce::text = ANY($2::text[]))
     ORDER BY created_at, nonce LIMIT $1`,
    [limit, skip],
  )
  return rows.map(toStored)
}

export type IntentUpdate = { status?: IntentStatus; claims?: ClaimRecord[]; fill?: FillRecord; refunds?: RefundRecord[]; failureReason?: string }

/** One statement per change: the filler is the only writer of an intent after it is submitted. */
export async function updateIntent(sql: Pick<Sql, 'query'>, nonce: bigint | string, update: IntentUpdate): Promise<void> {
  const sets: string[] = []
  const params: unknown[] = [nonce.toString()]
  const set = (column: string, value: unknown) => {
    params.push(value)
    sets.push(`${column} = $${params.length}`)
  }
  if (update.status) set('status', update.status)
  if (update.claims) set('claims', JSON.stringify(update.claims))
  if (update.fill) set('fill', JSON.stringify(update.fill))
  if (update.refunds) set('refunds', JSON.stringify(update.refunds))
  if (update.failureReason !== undefined) set('failure_reason', update.failureReason)
  if (sets.length === 0) return
  await sql.query(`UPDATE intents SET ${sets.join(', ')}, updated_at = clock_timestamp() WHERE nonce = $1`, params)
}

export type IntentPage = { intents: StoredIntent[]; nextCursor: string | null }

/** Newest first, only what `issuedBy` submitted (same rule as route history). */
export async function listIntents(sql: Pick<Sql, 'query'>, sponsor: Address, p: { limit: number; cursor?: string; issuedBy: string }): Promise<IntentPage> {
  const { rows, nextCursor } = await newestFirstPage<Row>(sql, { table: 'intents', columns: COLUMNS, sponsor, ...p })
  return { intents: rows.map(toStored), nextCursor }
}

export type JournalEntry = { step: string; chainId: number; raw: Hex; hash: Hex }

export async function findTransaction(sql: Pick<Sql, 'query'>, nonce: bigint | string, step: string): Promise<JournalEntry | undefined> {
  const [row] = await sql.query<{ step: string; chain_id: number; raw: Hex; hash: Hex }>(`SELECT step, chain_id, raw, hash FROM intent_transactions WHERE nonce = $1 AND step = $2`, [
    nonce.toString(),
    step,
  ])
  return row ? { step: row.step, chainId: Number(row.chain_id), raw: row.raw, hash: row.hash } : undefined
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
  const rows = await sql.query<{ step: string; chain_id: number; raw: Hex; hash: Hex }>(
    `SELECT t.step, t.chain_id, t.raw, t.hash FROM intent_transactions t JOIN intents i ON i.nonce = t.nonce
     WHERE i.status IN ('PENDING', 'CLAIMED', 'FILLED') OR (i.status = 'FAILED' AND i.refunds @> '[{"status":"PENDING"}]') ORDER BY t.created_at`,
  )
  return rows.map((r) => ({ step: r.step, chainId: Number(r.chain_id), raw: r.raw, hash: r.hash }))
}

/** Drops a journal entry whose transaction can never be mined (its account nonce went to another). */
export async function forgetTransaction(sql: Pick<Sql, 'query'>, nonce: bigint | string, step: string): Promise<void> {
  await sql.query(`DELETE FROM intent_transactions WHERE nonce = $1 AND step = $2`, [nonce.toString(), step])
}

/** Takes or renews a named lease for `holder` for `ms`; true while this holder has it. One
 * statement, so it is atomic on Postgres and PGlite alike. */
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

function toStored(r: Row): StoredIntent {
  return {
    nonce: String(r.nonce),
    sponsor: r.sponsor as Address,
    destinationChainId: Number(r.destination_chain_id),
    signedIntentOp: r.signed_intent_op,
    status: r.status,
    claims: r.claims,
    fill: r.fill,
    refunds: r.refunds ?? [],
    failureReason: r.failure_reason,
    issuedBy: r.issued_by,
    fillDeadline: String(r.fill_deadline),
    expires: String(r.expires),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  }
}

/** An attestation the attester signed of a destination fill (JSON with decimal strings for uint256). */
export type StoredAttestation = { chainId: number; sponsor: Address; nonce: string; attestation: Record<string, unknown>; signature: Hex }

/** Stores an attestation once; a second one for the same fill is ignored. */
export async function recordAttestation(sql: Pick<Sql, 'query'>, a: StoredAttestation): Promise<void> {
  await sql.query(`INSERT INTO attestations (chain_id, sponsor, nonce, attestation, signature) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [
    a.chainId,
    a.sponsor.toLowerCase(),
    a.nonce,
    JSON.stringify(a.attestation),
    a.signature,
  ])
}

export async function findAttestation(sql: Pick<Sql, 'query'>, chainId: number, sponsor: Address, nonce: bigint | string): Promise<StoredAttestation | undefined> {
  const [row] = await sql.query<{ chain_id: number; sponsor: string; nonce: string; attestation: Record<string, unknown>; signature: Hex }>(
    `SELECT chain_id, sponsor, nonce, attestation, signature FROM attestations WHERE chain_id = $1 AND sponsor = $2 AND nonce = $3`,
    [chainId, sponsor.toLowerCase(), nonce.toString()],
  )
  return row ? { chainId: Number(row.chain_id), sponsor: row.sponsor as Address, nonce: String(row.nonce), attestation: row.attestation, signature: row.signature } : undefined
}

/** Whether a lease is currently held (the attester's doubles as its heartbeat). */
export async function leaseHeld(sql: Pick<Sql, 'query'>, name: string): Promise<boolean> {
  const rows = await sql.query(`SELECT 1 FROM filler_lease WHERE name = $1 AND until > clock_timestamp()`, [name])
  return rows.length === 1
}
