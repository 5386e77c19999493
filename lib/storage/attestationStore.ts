// The attester's signed attestations of destination fills, one per (destination chain, sponsor,
// nonce); the filler reads them to be paid. A re-org of the destination replaces or removes them
// (the attester signs the fill again where it landed). Stored as JSON with decimal strings for
// uint256; read back as the domain's FillAttestation.
import type { Address, Hex } from 'viem'
import { z } from 'zod'
import type { FillAttestation } from '../core/settlement/attestation'
import { decimalText, hex, integer } from './dbValues'
import type { Sql } from './sql'

export type StoredAttestation = {
  chainId: number
  sponsor: Address
  nonce: string
  attestation: FillAttestation
  signature: Hex
}

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/) as unknown as z.ZodType<Address>
const uint = z.string().regex(/^\d+$/).transform(BigInt)
const attestationJson = z.object({
  sponsor: address,
  nonce: uint,
  recipient: address,
  delivered: z.array(z.object({ token: address, amount: uint })),
  filler: address,
  destinationChainId: uint,
  destinationArbiter: address,
  fillBlock: uint,
  fillTimestamp: uint,
  mandateHashes: z.array(z.string().regex(/^0x[0-9a-fA-F]{64}$/) as unknown as z.ZodType<Hex>),
})

function attestationToJson(a: FillAttestation): Record<string, unknown> {
  return {
    ...a,
    nonce: a.nonce.toString(),
    delivered: a.delivered.map((t) => ({ token: t.token, amount: t.amount.toString() })),
    destinationChainId: a.destinationChainId.toString(),
    fillBlock: a.fillBlock.toString(),
    fillTimestamp: a.fillTimestamp.toString(),
  }
}

const attestationRow = z
  .object({ chain_id: integer, sponsor: z.string(), nonce: decimalText, attestation: attestationJson, signature: hex })
  .transform(
    (r): StoredAttestation => ({
      chainId: r.chain_id,
      sponsor: r.sponsor as Address,
      nonce: r.nonce,
      attestation: r.attestation,
      signature: r.signature,
    }),
  )

/** Stores an attestation; one for the same fill replaces it (the fill landed again after a re-org). */
export async function recordAttestation(sql: Pick<Sql, 'query'>, a: StoredAttestation): Promise<void> {
  await sql.query(
    `INSERT INTO attestations (chain_id, sponsor, nonce, attestation, signature) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (chain_id, sponsor, nonce) DO UPDATE SET attestation = EXCLUDED.attestation,
       signature = EXCLUDED.signature, created_at = clock_timestamp()
     WHERE attestations.signature <> EXCLUDED.signature`,
    [a.chainId, a.sponsor.toLowerCase(), a.nonce, JSON.stringify(attestationToJson(a.attestation)), a.signature],
  )
}

export async function findAttestation(
  sql: Pick<Sql, 'query'>,
  chainId: number,
  sponsor: Address,
  nonce: bigint | string,
): Promise<StoredAttestation | undefined> {
  const [row] = await sql.query(
    `SELECT chain_id, sponsor, nonce, attestation, signature FROM attestations
     WHERE chain_id = $1 AND sponsor = $2 AND nonce = $3`,
    [chainId, sponsor.toLowerCase(), nonce.toString()],
  )
  return row ? attestationRow.parse(row) : undefined
}

/** Of these intent nonces, those with an attestation: the filler wakes them at once. */
export async function attestedNonces(sql: Pick<Sql, 'query'>, nonces: readonly string[]): Promise<Set<string>> {
  if (nonces.length === 0) return new Set()
  const rows = await sql.query(`SELECT nonce FROM attestations WHERE nonce::text = ANY($1::text[])`, [nonces])
  return new Set(rows.map((r) => z.object({ nonce: decimalText }).parse(r).nonce))
}

/** Removes the attestations of fills in or after `fromBlock` on `chainId`: a re-org dropped those
 * blocks, and the attester signs again whatever fill it finds there on the new chain. */
export async function forgetAttestationsFrom(
  sql: Pick<Sql, 'query'>,
  chainId: number,
  fromBlock: bigint,
): Promise<number> {
  const rows = await sql.query(
    `DELETE FROM attestations WHERE chain_id = $1 AND (attestation->>'fillBlock')::numeric >= $2 RETURNING nonce`,
    [chainId, fromBlock.toString()],
  )
  return rows.length
}
