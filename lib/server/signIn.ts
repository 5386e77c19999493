import 'server-only'
// Sign-in with Ethereum (EIP-4361, viem's SIWE helpers): the message must be for this host, carry
// a nonce this server issued and nobody spent, be within its validity window, and be signed by its
// address (ERC-1271 / ERC-6492 through the chain the message names when that chain is served).
import { getAddress, type Hex, verifyMessage } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { fieldError, InvalidInputError } from '../core/errors'
import { consumeNonce, createSession, type Session } from '../storage/sessionStore'
import { serverContext } from './context'
import { database } from './database'

export const NONCE_TTL_SECONDS = 300
const SESSION_MAX_SECONDS = 24 * 3_600

export async function signIn(p: { message: string; signature: Hex; host: string | null; now?: Date }): Promise<Session & { token: string }> {
  const now = p.now ?? new Date()
  const parsed = parseSiweMessage(p.message)
  if (!parsed.address || !parsed.nonce || !parsed.domain || !parsed.uri || parsed.version !== '1' || !parsed.chainId) {
    throw new InvalidInputError('message: not an EIP-4361 sign-in message', [{ message: 'message: not an EIP-4361 sign-in message', context: { field: 'message' } }])
  }
  if (!p.host || !validateSiweMessage({ message: parsed, domain: p.host, time: now })) {
    throw refused(`The sign-in message is not for ${p.host ?? 'this host'}, or is outside its validity window`)
  }
  // Spent before the signature is checked: a nonce is good for one attempt, right or wrong.
  if (!(await consumeNonce(await database(), parsed.nonce))) throw refused('The sign-in nonce is unknown, already used or expired: ask for a new one')
  const address = getAddress(parsed.address)
  const reader = serverContext().readers.find((r) => r.chainId === parsed.chainId)
  const valid = reader
    ? await reader.client.verifySiweMessage({ message: p.message, signature: p.signature, domain: p.host, nonce: parsed.nonce, time: now }).catch(() => false)
    : await verifyMessage({ address, message: p.message, signature: p.signature }).catch(() => false)
  if (!valid) throw refused(`The signature is not ${address}'s over this message`)
  const expiresAt = new Date(Math.min(now.getTime() + SESSION_MAX_SECONDS * 1000, parsed.expirationTime?.getTime() ?? Infinity))
  const token = await createSession(await database(), { address, expiresAt })
  return { address, expiresAt, token }
}

function refused(message: string) {
  return fieldError('unauthenticated', 'message', message)
}
