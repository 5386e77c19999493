import { describe, expect, it } from 'vitest'
import { clearedSessionCookie, SESSION_COOKIE, sessionCookie, sessionTokens } from './session'

describe('sessionCookie', () => {
  it('is httpOnly, SameSite=Strict and scoped to the whole site, so page requests carry it', () => {
    const cookie = sessionCookie('t'.repeat(43), new Date(Date.now() + 60_000), false)
    expect(cookie).toMatch(/^ir_session=t{43}; Path=\/; Max-Age=(59|60); HttpOnly; SameSite=Strict$/)
  })

  it('is Secure when the page was served over https', () => {
    expect(sessionCookie('t', new Date(Date.now() + 60_000), true)).toMatch(/; HttpOnly; SameSite=Strict; Secure$/)
  })

  it('never has a negative lifetime', () => {
    expect(sessionCookie('t', new Date(Date.now() - 60_000), false)).toContain('; Max-Age=0;')
  })

  it('is cleared with the same scope and attributes', () => {
    expect(clearedSessionCookie(false)).toBe(`${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`)
    expect(clearedSessionCookie(true)).toBe(`${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure`)
  })
})

describe('sessionTokens', () => {
  it('reads every session cookie in the order sent, and no other cookie', () => {
    const headers = new Headers({ cookie: 'a=1; ir_session=old; theme=dark; ir_session=new=x' })
    expect(sessionTokens(headers)).toEqual(['old', 'new=x'])
  })

  it('reads at most four, so a request cannot make the server look up many', () => {
    const headers = new Headers({ cookie: Array.from({ length: 9 }, (_, i) => `ir_session=t${i}`).join('; ') })
    expect(sessionTokens(headers)).toEqual(['t0', 't1', 't2', 't3'])
  })

  it('reads none without a cookie header', () => {
    expect(sessionTokens(new Headers())).toEqual([])
    expect(sessionTokens(new Headers({ cookie: 'ir_sessionx=1' }))).toEqual([])
  })
})
