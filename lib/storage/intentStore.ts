// Submitted intents and their settlement: status, per-element claims, the fill and refunds. One
// row per route nonce: a route can be submitted once. The filler's transaction journal, its lease
// and the attester's attestations have stores of their own (journalStore, leaseStore,
// attestationStore).
import type { Address, Hex } from 'viem'
import { z } from 'zod'
import {
  type ClaimRecord,
  type FillRecord,
  type IntentStatus,
  intentStatuses,
  type RefundRecord,
} from '../core/intent/intentRecords'
import { decimalText, hex, integer, timestamp } from './dbValues'
import { CREATED_US, newestFirstPage } from './pageCursor'
import { isUniqueViolation, type Sql } from './sql'

export type { ClaimRecord, FillRecord, IntentStatus, RefundRecord } from '../core/intent/intentRecords'

/** An intent as its status shows it: everything but the signed operation the filler settles. */
export type IntentRecord = {
  nonce: string
  sponsor: Address
  destinationChainId: number
  status: IntentStatus
  claims: ClaimRecord[]
  fill: FillRecord | null
  refunds: RefundRecord[]
  failureReason: string | null
  /** Passes whose simulation reverted so far (the filler fails the intent after SIMULATION_ATTEMPTS). */
  simulationReverts: number
  issuedBy: string
  fillDeadline: string
  expires: string
  createdAt: Date
  updatedAt: Date
}

export type StoredIntent = IntentRecord & { signedIntentOp: unknown }

/** One transaction the filler journaled for the intent, without its bytes. */
export type JournalStep = { step: string; chainId: number; hash: Hex }

/** A status read: the intent and the steps its journal holds, in the order they were signed. */
export type IntentStatusRecord = IntentRecord & { journalSteps: JournalStep[] }

const claimRecord = z.object({
  elementIndex: z.number().int(),
  chainId: z.number().int(),
  status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
  txHash: hex.optional(),
  timestamp: z.number().optional(),
})
const fillRecord = z.object({
  chainId: z.number().int(),
  txHash: hex.optional(),
  timestamp: z.number().optional(),
  status: z.enum(['PENDING', 'COMPLETED']),
  method: z.literal('transfer').optional(),
})
const refundRecord = z.object({
  chainId: z.number().int(),
  elementIndex: z.number().int(),
  status: z.enum(['PENDING', 'COMPLETED']),
  txHash: hex.optional(),
  timestamp: z.number().optional(),
  reason: z.string(),
})

/** The columns of a row as the drivers return them, but the signed operation. */
const recordColumns = z.object({
  nonce: decimalText,
  sponsor: z.string(),
  destination_chain_id: integer,
  status: z.enum(intentStatuses),
  claims: z.array(claimRecord),
  fill: fillRecord.nullable(),
  refunds: z.array(refundRecord).nullable(),
  failure_reason: z.string().nullable(),
  simulation_reverts: integer.optional(),
  issued_by: z.string(),
  fill_deadline: decimalText,
  expires: decimalText,
  created_at: timestamp,
  updated_at: timestamp,
})
const toRecord = (r: z.output<typeof recordColumns>): IntentRecord => ({
  nonce: r.nonce,
  sponsor: r.sponsor as Address,
  destinationChainId: r.destination_chain_id,
  status: r.status,
  claims: r.claims,
  fill: r.fill,
  refunds: r.refunds ?? [],
  failureReason: r.failure_reason,
  simulationReverts: r.simulation_reverts ?? 0,
  issuedBy: r.issued_by,
  fillDeadline: r.fill_deadline,
  expires: r.expires,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})
const recordRow = recordColumns.transform(toRecord)
/** Every column a status or a history line shows (not the signed operation). */
const RECORD_COLUMNS = Object.keys(recordColumns.shape).join(', ')
const intentRow = recordColumns
  .extend({ signed_intent_op: z.unknown() })
  .transform((r): StoredIntent => ({ ...toRecord(r), signedIntentOp: r.signed_intent_op }))
export const toStored = (row: unknown): StoredIntent => intentRow.parse(row)
const statusRow = recordColumns
  .extend({ journal_steps: z.array(z.object({ step: z.string(), chainId: integer, hash: hex })) })
  .transform((r): IntentStatusRecord => ({ ...toRecord(r), journalSteps: r.journal_steps }))
type Row = { created_us: string | number; nonce: string | number }

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
      `INSERT INTO intents (nonce, sponsor, destination_chain_id, signed_intent_op, status, claims, issued_by,
         fill_deadline, expires)
       VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $7, $8)`,
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
  const [row] = await sql.query(`SELECT ${COLUMNS} FROM intents WHERE nonce = $1`, [nonce.toString()])
  return row ? toStored(row) : undefined
}

/** What a status read needs, in one query: the intent without its signed operation (the largest
 * column, which a status never shows) and its journal's steps without their transaction bytes. */
export async function findIntentStatus(
  sql: Pick<Sql, 'query'>,
  nonce: bigint,
): Promise<IntentStatusRecord | undefined> {
  const [row] = await sql.query(
    `SELECT ${RECORD_COLUMNS},
       (SELECT COALESCE(json_agg(json_build_object('step', t.step, 'chainId', t.chain_id, 'hash', t.hash)
           ORDER BY t.seq), '[]')
          FROM intent_transactions t WHERE t.nonce = i.nonce) AS journal_steps
     FROM intents i WHERE nonce = $1`,
    [nonce.toString()],
  )
  return row ? statusRow.parse(row) : undefined
}

/** The intents the filler still has work on (SQL over `intents`): not yet in a final state, or
 * failed with a refund still to send. */
export const OPEN_INTENT = `(status IN ('PENDING', 'CLAIMED', 'FILLED')
  OR (status = 'FAILED' AND refunds @> '[{"status":"PENDING"}]'))`

/** The columns `toStored` reads (every column, and the creation time in microseconds). */
export const STORED_COLUMNS = COLUMNS

/** What the filler still has to do: intents not yet in a final state, and failed ones with a
 * refund still to send, oldest first, skipping the nonces in `skip` (intents backing off). */
export async function openIntents(
  sql: Pick<Sql, 'query'>,
  limit: number,
  skip: readonly string[] = [],
): Promise<StoredIntent[]> {
  const rows = await sql.query(
    `SELECT ${COLUMNS} FROM intents
     WHERE ${OPEN_INTENT} AND NOT (nonce::text = ANY($2::text[]))
     ORDER BY created_at, nonce LIMIT $1`,
    [limit, skip],
  )
  return rows.map(toStored)
}

const settlementSampleRow = z.object({ destination_chain_id: integer, seconds: z.coerce.number() })

/** How long the latest intents that COMPLETED within `windowSeconds` took from submission to
 * COMPLETED, newest first, at most `limit` (the intents_completed index serves it). */
export async function completedSettlementSamples(
  sql: Pick<Sql, 'query'>,
  windowSeconds: number,
  limit: number,
): Promise<{ destinationChainId: number; seconds: number }[]> {
  const rows = await sql.query(
    `SELECT destination_chain_id, extract(epoch FROM updated_at - created_at) AS seconds FROM intents
     WHERE status = 'COMPLETED' AND updated_at > clock_timestamp() - $1 * interval '1 second'
     ORDER BY updated_at DESC LIMIT $2`,
    [windowSeconds, limit],
  )
  return rows.map((row) => {
    const r = settlementSampleRow.parse(row)
    return { destinationChainId: r.destination_chain_id, seconds: r.seconds }
  })
}

export type IntentUpdate = {
  status?: IntentStatus
  claims?: ClaimRecord[]
  fill?: FillRecord
  refunds?: RefundRecord[]
  failureReason?: string
  simulationReverts?: number
  /** The gas (wei, every chain) the filler spent on an intent that failed before it was paid. */
  unpaidGasWei?: bigint
}

/** One statement per change: the filler is the only writer of an intent after it is submitted. */
export async function updateIntent(
  sql: Pick<Sql, 'query'>,
  nonce: bigint | string,
  update: IntentUpdate,
): Promise<void> {
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
  if (update.simulationReverts !== undefined) set('simulation_reverts', update.simulationReverts)
  if (update.unpaidGasWei !== undefined) set('unpaid_gas_wei', update.unpaidGasWei.toString())
  if (sets.length === 0) return
  await sql.query(`UPDATE intents SET ${sets.join(', ')}, updated_at = clock_timestamp() WHERE nonce = $1`, params)
}

export type IntentPage = { intents: IntentRecord[]; nextCursor: string | null }

/** Newest first, only what `issuedBy` submitted (same rule as route history). */
export async function listIntents(
  sql: Pick<Sql, 'query'>,
  sponsor: Address,
  p: { limit: number; cursor?: string; issuedBy: string },
): Promise<IntentPage> {
  // What a history line shows: not the signed operations, the largest column.
  const { rows, nextCursor } = await newestFirstPage<Row>(sql, {
    table: 'intents',
    columns: `${RECORD_COLUMNS}, ${CREATED_US} AS created_us`,
    sponsor,
    ...p,
  })
  return { intents: rows.map((r) => recordRow.parse(r)), nextCursor }
}

/** What the sponsor's failed intents left the filler to pay in gas (wei, every chain summed). */
export async function unpaidGasOf(sql: Pick<Sql, 'query'>, sponsor: Address): Promise<bigint> {
  const rows = await sql.query<{ total: string | null }>(
    'SELECT sum(unpaid_gas_wei)::text AS total FROM intents WHERE sponsor = $1 AND unpaid_gas_wei > 0',
    [sponsor.toLowerCase()],
  )
  return BigInt(rows[0]?.total ?? '0')
}
