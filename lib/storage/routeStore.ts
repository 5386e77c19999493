// Route history: every route issued, newest first per sponsor, visible only to the key that issued
// it (`issuedBy`: the key's id, or `label:<name>` for configured keys). The nonce is the primary
// key, so two instances can never both hand out the same one.
import { createHash } from 'node:crypto'
import type { Address } from 'viem'
import type { StoredRouteDigest, SubmissionStatus } from '../core/history/summariseStoredRoute'
import { CREATED_US, newestFirstPage } from './pageCursor'
import { isUniqueViolation, type Sql } from './sql'

export { BadCursorError } from './pageCursor'

export type StoredRoute = {
  nonce: string
  sponsor: Address
  destinationChainId: number
  request: unknown
  response: unknown
  responseDigest: string
  expires: string
  keyId: string | null
  createdAt: Date
}

type Row = {
  nonce: string
  sponsor: string
  destination_chain_id: number
  request: unknown
  response: unknown
  response_digest: string
  expires: string
  key_id: string | null
  created_at: Date | string
  created_us: string
}

const COLUMNS = `*, ${CREATED_US} AS created_us`

export class NonceTakenError extends Error {}

/** The next route nonce: a database sequence, so every instance sharing the database draws
 * distinct ones. It starts at the migration's time in microseconds (never below a nonce an
 * earlier database handed out on the same chains) and stays within int64, as the hosted schema says. */
export async function nextRouteNonce(sql: Pick<Sql, 'query'>): Promise<bigint> {
  const [row] = await sql.query<{ nonce: string }>(`SELECT nextval('route_nonces')::text AS nonce`)
  if (!row) throw new Error('route_nonces answered no row')
  return BigInt(row.nonce)
}

/** `count` route nonces from the same sequence at once, for an instance to hand out one by one:
 * each is still unique across instances; those an instance never used are simply skipped. */
export async function reserveRouteNonces(sql: Pick<Sql, 'query'>, count: number): Promise<bigint[]> {
  const rows = await sql.query<{ nonce: string }>(
    `SELECT nextval('route_nonces')::text AS nonce FROM generate_series(1, $1::int)`,
    [count],
  )
  return rows.map((r) => BigInt(r.nonce))
}

/** A route as issued, by its nonce (for submission checks). */
export async function findRoute(
  sql: Pick<Sql, 'query'>,
  nonce: bigint,
): Promise<(StoredRoute & { issuedBy: string }) | undefined> {
  const [row] = await sql.query<Row & { issued_by: string }>(`SELECT ${COLUMNS} FROM routes WHERE nonce = $1`, [
    nonce.toString(),
  ])
  return row ? { ...toStored(row), issuedBy: row.issued_by } : undefined
}

export async function recordRoute(
  sql: Pick<Sql, 'query'>,
  r: {
    nonce: bigint
    sponsor: Address
    destinationChainId: number
    request: unknown
    expires: bigint
    keyId: string | null
    issuedBy: string
  } & (
    | { response: unknown }
    /** The response as the client gets it, already serialised: stored (and digested) as is. */
    | { responseJson: string }
  ),
): Promise<void> {
  // Amounts may arrive as bigints: they are kept as decimal strings, like everything on the wire.
  const json = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v))
  const response = 'responseJson' in r ? r.responseJson : json(r.response)
  try {
    await sql.query(
      `INSERT INTO routes (nonce, sponsor, destination_chain_id, request, response, response_digest,
         expires, key_id, issued_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        r.nonce.toString(),
        r.sponsor.toLowerCase(),
        r.destinationChainId,
        json(r.request),
        response,
        `0x${createHash('sha256').update(response, 'utf8').digest('hex')}`,
        r.expires.toString(),
        r.keyId,
        r.issuedBy,
      ],
    )
  } catch (error) {
    if (isUniqueViolation(error)) throw new NonceTakenError(`nonce ${r.nonce} was already issued`)
    throw error
  }
}

export type RoutePage = { routes: StoredRoute[]; nextCursor: string | null }

/** Newest first, whole rows; the cursor is opaque (the last row's time and nonce). */
export async function listRoutes(
  sql: Pick<Sql, 'query'>,
  sponsor: Address,
  p: { limit: number; cursor?: string; issuedBy: string },
): Promise<RoutePage> {
  const { rows, nextCursor } = await newestFirstPage<Row>(sql, { table: 'routes', columns: COLUMNS, sponsor, ...p })
  return { routes: rows.map(toStored), nextCursor }
}

export type RouteDigestPage = { routes: StoredRouteDigest[]; nextCursor: string | null }

// Only what a history line shows is read: never the routes' calldata or signed metadata (a stored
// route can hold 64 KiB), and each route's intent status from the same key's submission.
const ELEMENTS = `CASE WHEN jsonb_typeof(response->'intentOp'->'elements') = 'array'
  THEN response->'intentOp'->'elements'
  ELSE '[]'::jsonb END`
const DIGEST_COLUMNS = `nonce, destination_chain_id, expires, created_at, ${CREATED_US} AS created_us, request,
  jsonb_typeof(response->'intentOp') = 'object' AS has_intent_op,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('chainId', e->'chainId', 'tokenOut', e->'mandate'->'tokenOut',
    'fundingMethod', e->'mandate'->'qualifier'->'settlementContext'->'fundingMethod',
    'recipient', e->'mandate'->'recipient')), '[]'::jsonb)
     FROM jsonb_array_elements(${ELEMENTS}) AS e) AS elements,
  response->'intentCost'->'feeToken' AS fee_token,
  response->'intentCost'->'tokenShortfall' AS shortfall,
  (SELECT i.status FROM intents i WHERE i.nonce = routes.nonce AND i.issued_by = routes.issued_by) AS intent_status`

type DigestRow = {
  nonce: string
  destination_chain_id: number
  expires: string
  created_at: Date | string
  created_us: string
  request: unknown
  has_intent_op: boolean | null
  elements: StoredRouteDigest['elements']
  fee_token: unknown
  shortfall: unknown
  intent_status: SubmissionStatus | null
}

/** Newest first, as digests (what a summary reads); the cursor is opaque (the last row's time and nonce). */
export async function listRouteDigests(
  sql: Pick<Sql, 'query'>,
  sponsor: Address,
  p: { limit: number; cursor?: string; issuedBy: string },
): Promise<RouteDigestPage> {
  const { rows, nextCursor } = await newestFirstPage<DigestRow>(sql, {
    table: 'routes',
    columns: DIGEST_COLUMNS,
    sponsor,
    ...p,
  })
  return {
    routes: rows.map((r) => ({
      nonce: String(r.nonce),
      createdAt: new Date(r.created_at),
      expires: String(r.expires),
      destinationChainId: Number(r.destination_chain_id),
      request: r.request,
      elements: r.has_intent_op ? r.elements : null,
      feeToken: r.fee_token,
      shortfall: r.shortfall,
      intentStatus: r.intent_status,
    })),
    nextCursor,
  }
}

function toStored(r: Row): StoredRoute {
  return {
    nonce: String(r.nonce),
    sponsor: r.sponsor as Address,
    destinationChainId: Number(r.destination_chain_id),
    request: r.request,
    response: r.response,
    responseDigest: r.response_digest,
    expires: String(r.expires),
    keyId: r.key_id,
    createdAt: new Date(r.created_at),
  }
}
