import 'server-only'
// The sign-in session's cookie: httpOnly (page scripts never see it), SameSite=Strict (no other
// site's request carries it), Secure when the page was served over https. Scoped to the whole
// site, so a page's own request carries it and the server can render that wallet's data.
import { deleteSession, findSession, issueNonce, type Session } from '../storage/sessionStore'
import type { RequestHeaders } from './apiRequest'
import { database } from './database'
import { NONCE_TTL_SECONDS } from './signIn'

export const SESSION_COOKIE = 'ir_session'
/** At most this many of a request's session cookies are looked up (a browser holds one or two). */
const MAX_SESSION_COOKIES = 4

/** The session tokens the request's cookies carry (the first MAX_SESSION_COOKIES), in the order
 * sent. Before the cookie was scoped to the whole site it was scoped to `/api/v1`: a browser may
 * still hold that one too, and sends it to the API ahead of the newer one. */
export function sessionTokens(headers: RequestHeaders): string[] {
  const tokens: string[] = []
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === SESSION_COOKIE) tokens.push(value.join('='))
  }
  return tokens.slice(0, MAX_SESSION_COOKIES)
}

/** The session of the request's cookie, checked against the session store (an unknown, ended or
 * expired token is no session); of several cookies, the session issued last. */
export async function currentSession(headers: RequestHeaders): Promise<Session | undefined> {
  const tokens = sessionTokens(headers).filter(Boolean)
  if (tokens.length === 0) return undefined
  const db = await database()
  let newest: Session | undefined
  for (const token of tokens) {
    const session = await findSession(db, token)
    if (session && (!newest || session.expiresAt > newest.expiresAt)) newest = session
  }
  return newest
}

/** Ends every session the request's cookies name. */
export async function endSession(headers: RequestHeaders): Promise<void> {
  const tokens = sessionTokens(headers).filter(Boolean)
  if (tokens.length === 0) return
  const db = await database()
  for (const token of tokens) await deleteSession(db, token)
}

/** A single-use nonce for a sign-in message, valid for NONCE_TTL_SECONDS. */
export async function signInNonce(): Promise<{ nonce: string; expiresAt: Date }> {
  return issueNonce(await database(), NONCE_TTL_SECONDS)
}

/** Over https? Next fills x-forwarded-proto from the socket unless a proxy set it. A client that
 * lies here only gets a Secure cookie its plain-http page cannot keep, or an HSTS header a browser
 * ignores over http. */
export function servedOverHttps(headers: RequestHeaders): boolean {
  return headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}
