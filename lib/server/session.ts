import 'server-only'
// The sign-in session's cookie: httpOnly (page scripts never see it), SameSite=Strict (no other
// site's request carries it), Secure when the page was served over https, scoped to the API.
import { deleteSession, findSession, issueNonce, type Session } from '../storage/sessionStore'
import { database } from './database'
import { NONCE_TTL_SECONDS } from './signIn'

export const SESSION_COOKIE = 'ir_session'

export function sessionToken(headers: Headers): string | undefined {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === SESSION_COOKIE) return value.join('=')
  }
  return undefined
}

export async function currentSession(headers: Headers): Promise<Session | undefined> {
  const token = sessionToken(headers)
  return token ? findSession(await database(), token) : undefined
}

/** Ends the session the request's cookie names, if any. */
export async function endSession(headers: Headers): Promise<void> {
  const token = sessionToken(headers)
  if (token) await deleteSession(await database(), token)
}

/** A single-use nonce for a sign-in message, valid for NONCE_TTL_SECONDS. */
export async function signInNonce(): Promise<{ nonce: string; expiresAt: Date }> {
  return issueNonce(await database(), NONCE_TTL_SECONDS)
}

/** Over https? Next fills x-forwarded-proto from the socket unless a proxy set it. A client that
 * lies here only gets a Secure cookie its plain-http page cannot keep, or an HSTS header a browser
 * ignores over http. */
export function servedOverHttps(headers: Headers): boolean {
  return headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))
  return (
    `${SESSION_COOKIE}=${token}; Path=/api/v1; Max-Age=${maxAge}; ` +
    `HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
  )
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/api/v1; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}
