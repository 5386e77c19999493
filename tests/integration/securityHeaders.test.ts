// Pages carry a per-request nonce CSP without unsafe-eval, refuse framing and limit the referrer;
// the API answers CORS preflights and exposes the headers clients need.
import { describe, expect, inject, it } from 'vitest'
import { api } from '../support/api'

const http = api()

describe('page security headers', () => {
  it('a strict CSP with a fresh nonce that the page scripts carry, and no unsafe-eval', async () => {
    const [a, b] = [await fetch(`${http.baseUrl}/`), await fetch(`${http.baseUrl}/`)]
    const csp = a.headers.get('content-security-policy')!
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!
    expect(/'nonce-([^']+)'/.exec(b.headers.get('content-security-policy')!)![1]).not.toBe(nonce)
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain(`frame-ancestors 'none'`)
    expect(csp).toContain(`object-src 'none'`)
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/)
    const html = await a.text()
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
    expect(a.headers.get('x-frame-options')).toBe('DENY')
    expect(a.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(a.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('API CORS policy', () => {
  it('answers a preflight from any origin for the headers clients send', async () => {
    const res = await fetch(`${http.baseUrl}/api/v1/intents/route`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://wallet.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-methods')).toContain('POST')
    expect(res.headers.get('access-control-allow-headers')).toContain('x-api-key')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('lets a cross-origin caller read the answer and its rate-limit and trace headers, and never caches', async () => {
    const res = await http.get(`/api/v1/accounts/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/portfolio`, {
      headers: { origin: 'https://wallet.example' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-expose-headers')).toMatch(/x-trace-id.*ratelimit-remaining/)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('does not hand the browser key to other sites: their requests are marked cross-site and refused', async () => {
    const res = await http.get(`/api/v1/prices`, {
      key: inject('browserKey'),
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.status).toBe(403)
  })
})
