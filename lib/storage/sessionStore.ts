// Sign-in with Ethereum: single-use nonces the server hands out, and the sessions a verified
// signature opens. A session is kept as the SHA-256 of its cookie value, never the value itself.
import { createHash, randomBytes } from 'node:crypto'
import { type Address, getAddress } from 'viem'
import type { Sql } from './sql'

export type Session = { address: Address; expiresAt: Date }

/** A fresh nonce (EIP-4361: at least 8 alphanumerics), valid for `ttlSeconds`. */
export async function issueNonce(
  sql: Pick<Sql, 'query'>,
  ttlSeconds: number,
): Promise<{ nonce: string; expiresAt: Date }> {
  const nonce = randomBytes(16).toString('hex')
  const [row] = await sql.query<{ expires_at: Date | string }>(
    `INSERT INTO auth_nonces (nonce, expires_at) VALUES ($1, clock_timestamp() + make_interval(secs => $2))
     RETURNING expires_at`,
    [nonce, ttlSeconds],
  )
  if (!row) throw new Error('the sign-in nonce was not stored')
  return { nonce, expiresAt: new Date(row.expires_at) }
}

/** Spends a nonce: true once, and only before it expires. */
export async function consumeNonce(sql: Pick<Sql, 'query'>, nonce: string): Promise<boolean> {
  const rows = await sql.query(
    `DELETE FROM auth_nonces WHERE nonce = $1 AND expires_at > clock_timestamp() RETURNING nonce`,
    [nonce],
  )
  return rows.length > 0
}

/** Opens a session for `address`; the returned token is the cookie value (shown once). */
export async function createSession(
  sql: Pick<Sql, 'query'>,
  p: { address: Address; expiresAt: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await sql.query(`INSERT INTO sessions (token_hash, address, expires_at) VALUES ($1, $2, $3)`, [
    sha256(token),
    p.address.toLowerCase(),
    p.expiresAt.toISOString(),
  ])
  return token
}

export async function findSession(sql: Pick<Sql, 'query'>, token: string): Promise<Session | undefined> {
  if (!/^[\w-]{43}$/.test(token)) return undefined
  const [row] = await sql.query<{ address: string; expires_at: Date | string }>(
    `SELECT address, expires_at FROM sessions WHERE token_hash = $1 AND expires_at > clock_timestamp()`,
    [sha256(token)],
  )
  return row ? { address: getAddress(row.address), expiresAt: new Date(row.expires_at) } : undefined
}

export async function deleteSession(sql: Pick<Sql, 'query'>, token: string): Promise<void> {
  await sql.query(`DELETE FROM sessions WHERE token_hash = $1`, [sha256(token)])
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest()
}
