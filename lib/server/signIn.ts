import 'server-only'
// Sign-in with Ethereum (EIP-4361, viem's SIWE helpers): the message must name this app's origin
// (APP_ORIGIN: domain and uri — never the request's Host, which the client chooses) and a chain it
// serves, be issued no later than now (plus a small clock skew) and within its validity window,
// carry a nonce this server issued and nobody spent, and be signed by its address (ERC-1271 /
// ERC-6492 through the chain the message names).
import { getAddress, type Hex, verifyMessage } from 'viem'
import { parseSiweMessage, type SiweMessage } from 'viem/siwe'
import { fieldError, InvalidInputError } from '../core/errors'
import { consumeNonce, createSession, type Session } from '../storage/sessionStore'
import { serverContext } from './context'
import { database } from './database'

export const NONCE_TTL_SECONDS = 300
const SESSION_MAX_SECONDS = 24 * 3_600
/** How far in the future a message's issuedAt may be (the signer's clock may run ahead). */
const ISSUED_AT_SKEW_MS = 60_000

export type SignInPolicy = { origins: readonly string[]; chainIds: readonly number[]; now: Date }

/** Why a parsed sign-in message is not for this app now, or undefined when it is. */
export function signInProblem(
  message: Partial<SiweMessage>,
  { origins, chainIds, now }: SignInPolicy,
): string | undefined {
  const hosts = origins.map((o) => new URL(o).host)
  if (!message.domain || !hosts.includes(message.domain))
    return `The sign-in message is for ${message.domain ?? 'no domain'}, not this app (${hosts.join(', ')})`
  let uriOrigin: string | undefined
  try {
    uriOrigin = message.uri ? new URL(message.uri).origin : undefined
  } catch {
    uriOrigin = undefined
  }
  if (!uriOrigin || !origins.includes(uriOrigin))
    return `The sign-in message's uri ${message.uri ?? '(none)'} is not on this app's origin (${origins.join(', ')})`
  if (message.chainId === undefined || !chainIds.includes(message.chainId))
    return `The sign-in message names chain ${message.chainId}, which this app does not serve (${chainIds.join(', ')})`
  if (message.issuedAt && message.issuedAt.getTime() > now.getTime() + ISSUED_AT_SKEW_MS)
    return 'The sign-in message has an issuedAt in the future'
  if (message.expirationTime && message.expirationTime.getTime() <= now.getTime())
    return 'The sign-in message has expired'
  if (message.notBefore && message.notBefore.getTime() > now.getTime())
    return 'The sign-in message is not valid yet (notBefore)'
  return undefined
}

export async function signIn(p: { message: string; signature: Hex; now?: Date }): Promise<Session & { token: string }> {
  const now = p.now ?? new Date()
  const parsed = parseSiweMessage(p.message)
  if (!parsed.address || !parsed.nonce || !parsed.domain || !parsed.uri || parsed.version !== '1' || !parsed.chainId) {
    throw new InvalidInputError('message: not an EIP-4361 sign-in message', [
      { message: 'message: not an EIP-4361 sign-in message', context: { field: 'message' } },
    ])
  }
  const ctx = serverContext()
  const problem = signInProblem(parsed, { origins: ctx.appOrigins, chainIds: ctx.readers.map((r) => r.chainId), now })
  if (problem) throw refused(problem)
  // Spent before the signature is checked: a nonce is good for one attempt, right or wrong.
  if (!(await consumeNonce(await database(), parsed.nonce)))
    throw refused('The sign-in nonce is unknown, already used or expired: ask for a new one')
  const address = getAddress(parsed.address)
  const reader = ctx.readers.find((r) => r.chainId === parsed.chainId)
  const valid = reader
    ? await reader.client
        .verifySiweMessage({
          message: p.message,
          signature: p.signature,
          domain: parsed.domain,
          nonce: parsed.nonce,
          time: now,
        })
        .catch(() => false)
    : await verifyMessage({ address, message: p.message, signature: p.signature }).catch(() => false)
  if (!valid) throw refused(`The signature is not ${address}'s over this message`)
  const expiresAt = new Date(
    Math.min(now.getTime() + SESSION_MAX_SECONDS * 1000, parsed.expirationTime?.getTime() ?? Infinity),
  )
  const token = await createSession(await database(), { address, expiresAt })
  return { address, expiresAt, token }
}

function refused(message: string) {
  return fieldError('unauthenticated', 'message', message, {}, { code: 'SIGN_IN_FAILED' })
}
