// The sponsorship ledger: what the operator paid (USD, as quoted in the route's
// intentCost.sponsorFee) for every submitted intent a key sponsored, and each key's cap. An entry
// is written in the same transaction as the intent, after the cap is checked under a per-key lock,
// so concurrent submissions can never spend past it.
import type { Sql } from './sql'

export type SponsorshipEntry = {
  nonce: string
  issuedBy: string
  relayerUsd: string
  protocolUsd: string
  totalUsd: string
  createdAt: Date
}
export type Sponsorship = { spentUsd: string; capUsd: string | null; intents: number }

/** A sponsored intent would take the key past its cap. */
export class SponsorCapReachedError extends Error {
  constructor(
    readonly capUsd: string,
    readonly spentUsd: string,
    readonly neededUsd: string,
  ) {
    super(`sponsorship cap of ${capUsd} USD reached: ${spentUsd} USD spent, ${neededUsd} USD more needed`)
    this.name = 'SponsorCapReachedError'
  }
}

type Entry = { nonce: bigint; issuedBy: string; keyId: string | null; relayerUsd: string; protocolUsd: string }

/** Records one sponsored intent (inside the caller's transaction), refusing it past the key's cap. */
export async function recordSponsorship(tx: Pick<Sql, 'query'>, e: Entry): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sponsorship:${e.issuedBy}`])
  await refuseOverCap(tx, e.issuedBy, e.keyId, addUsd(e.relayerUsd, e.protocolUsd))
  await tx.query(
    'INSERT INTO sponsorships (nonce, issued_by, relayer_usd, protocol_usd) VALUES ($1, $2, $3::numeric, $4::numeric)',
    [e.nonce.toString(), e.issuedBy, e.relayerUsd, e.protocolUsd],
  )
}

/** Throws SponsorCapReachedError when `neededUsd` more would pass the key's cap (none: no cap). */
export async function refuseOverCap(
  sql: Pick<Sql, 'query'>,
  issuedBy: string,
  keyId: string | null,
  neededUsd: string,
): Promise<void> {
  if (!keyId) return // configured keys have no row to hold a cap
  const [row] = await sql.query<{ cap: string | null; spent: string; over: boolean }>(
    `SELECT k.sponsor_cap_usd::text AS cap, s.spent::text AS spent,
            (k.sponsor_cap_usd IS NOT NULL AND s.spent + $3::numeric > k.sponsor_cap_usd) AS over
       FROM api_keys k, (SELECT COALESCE(SUM(relayer_usd + protocol_usd), 0) AS spent
          FROM sponsorships WHERE issued_by = $2) s
      WHERE k.id = $1`,
    [keyId, issuedBy, neededUsd],
  )
  if (row?.over) throw new SponsorCapReachedError(trim(row.cap ?? '0'), trim(row.spent), trim(neededUsd))
}

/** What a key has spent, its cap, and how many intents it sponsored. */
export async function sponsorshipOf(sql: Pick<Sql, 'query'>, issuedBy: string): Promise<Sponsorship> {
  const [row] = await sql.query<{ spent: string; intents: string | number; cap: string | null }>(
    `SELECT COALESCE(SUM(relayer_usd + protocol_usd), 0)::text AS spent, COUNT(*) AS intents,
            (SELECT sponsor_cap_usd::text FROM api_keys WHERE id = $1) AS cap
       FROM sponsorships WHERE issued_by = $1`,
    [issuedBy],
  )
  if (!row) throw new Error(`no sponsorship totals for key ${issuedBy}`)
  return {
    spentUsd: trim(row.spent),
    capUsd: row.cap === null ? null : trim(row.cap),
    intents: Number(row.intents),
  }
}

/** The ledger, oldest first: every key's entries, or one issuer's. */
export async function sponsorshipLedger(
  sql: Pick<Sql, 'query'>,
  p: { issuedBy?: string } = {},
): Promise<SponsorshipEntry[]> {
  const rows = await sql.query<{
    nonce: string
    issued_by: string
    relayer_usd: string
    protocol_usd: string
    total: string
    created_at: Date | string
  }>(
    `SELECT nonce::text AS nonce, issued_by, relayer_usd::text AS relayer_usd, protocol_usd::text AS protocol_usd,
            (relayer_usd + protocol_usd)::text AS total, created_at
       FROM sponsorships ${p.issuedBy ? 'WHERE issued_by = $1' : ''} ORDER BY created_at, nonce`,
    p.issuedBy ? [p.issuedBy] : [],
  )
  return rows.map((r) => ({
    nonce: r.nonce,
    issuedBy: r.issued_by,
    relayerUsd: trim(r.relayer_usd),
    protocolUsd: trim(r.protocol_usd),
    totalUsd: trim(r.total),
    createdAt: new Date(r.created_at),
  }))
}

/** Per key: spent, cap and intents, for every key that has a cap or has sponsored anything. */
export async function sponsorshipTotals(
  sql: Pick<Sql, 'query'>,
): Promise<(Sponsorship & { issuedBy: string; name: string | null })[]> {
  const rows = await sql.query<{
    issued_by: string
    name: string | null
    spent: string
    intents: string | number
    cap: string | null
  }>(
    `SELECT i.issued_by, k.name, COALESCE(s.spent, 0)::text AS spent, COALESCE(s.intents, 0) AS intents,
            k.sponsor_cap_usd::text AS cap
       FROM (SELECT issued_by FROM sponsorships UNION SELECT id FROM api_keys WHERE sponsor_cap_usd IS NOT NULL) i
       LEFT JOIN api_keys k ON k.id = i.issued_by
       LEFT JOIN (SELECT issued_by, SUM(relayer_usd + protocol_usd) AS spent, COUNT(*) AS intents
                 FROM sponsorships GROUP BY issued_by) s ON s.issued_by = i.issued_by
      ORDER BY i.issued_by`,
  )
  return rows.map((r) => ({
    issuedBy: r.issued_by,
    name: r.name,
    spentUsd: trim(r.spent),
    capUsd: r.cap === null ? null : trim(r.cap),
    intents: Number(r.intents),
  }))
}

/** Sets (or, with null, removes) a key's sponsorship cap in USD; false when there is no such key. */
export async function setSponsorCap(
  sql: Pick<Sql, 'query'>,
  idOrPrefix: string,
  capUsd: string | null,
): Promise<boolean> {
  if (capUsd !== null && !/^\d{1,12}(\.\d{1,8})?$/.test(capUsd))
    throw new RangeError('cap: a USD amount such as 100 or 12.5 (at most 8 decimals)')
  const rows = await sql.query(
    'UPDATE api_keys SET sponsor_cap_usd = $2::numeric WHERE id = $1 OR prefix = $1 RETURNING id',
    [idOrPrefix, capUsd],
  )
  return rows.length > 0
}

/** intentCost.sponsorFee (USD numbers) as the ledger's exact decimals. */
export function sponsoredUsd(fee: { relayer: number; protocol: number } | undefined): {
  relayerUsd: string
  protocolUsd: string
  totalUsd: string
} {
  const relayerUsd = usdDecimal(fee?.relayer ?? 0)
  const protocolUsd = usdDecimal(fee?.protocol ?? 0)
  return { relayerUsd, protocolUsd, totalUsd: addUsd(relayerUsd, protocolUsd) }
}

/** A USD number (as intentCost.sponsorFee carries it) as an exact decimal string, 8 decimals at most. */
export function usdDecimal(value: number): string {
  return trim(Math.max(0, value).toFixed(8))
}

function addUsd(a: string, b: string): string {
  const scaled = (v: string) => {
    const [whole, frac = ''] = v.split('.')
    return BigInt(whole ?? '0') * 10n ** 8n + BigInt(frac.padEnd(8, '0').slice(0, 8))
  }
  const sum = scaled(a) + scaled(b)
  return trim(`${sum / 10n ** 8n}.${(sum % 10n ** 8n).toString().padStart(8, '0')}`)
}

/** `1.50000000` → `1.5`, `2.00000000` → `2`. */
function trim(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal
}
