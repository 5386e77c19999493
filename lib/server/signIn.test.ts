// What a sign-in message must say before its nonce or signature is even looked at: this app's
// origin (domain and uri), a chain this app serves, and an issuedAt that is not in the future.
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { appOrigins } from '../config/appOrigin'
import { signInProblem } from './signIn'

const now = new Date('2026-01-01T12:00:00Z')
const policy = { origins: ['https://app.example.org', 'http://localhost:3000'], chainIds: [1, 8453], now }
const message = (o: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  parseSiweMessage(
    createSiweMessage({
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      chainId: 8453,
      domain: 'app.example.org',
      uri: 'https://app.example.org/route',
      nonce: 'abcdefgh12345678',
      version: '1',
      issuedAt: now,
      ...o,
    }),
  )

describe('signInProblem', () => {
  it('accepts a message for one of the configured origins', () => {
    expect(signInProblem(message(), policy)).toBeUndefined()
    expect(signInProblem(message({ domain: 'localhost:3000', uri: 'http://localhost:3000' }), policy)).toBeUndefined()
    expect(signInProblem(message({ issuedAt: new Date(now.getTime() + 30_000) }), policy)).toBeUndefined() // clock skew
  })

  it('refuses a domain that is not ours, even when the request claims that Host', () => {
    expect(signInProblem(message({ domain: 'phish.example', uri: 'https://phish.example' }), policy)).toMatch(
      /phish\.example/,
    )
  })

  it('refuses a uri on another origin, even with our domain', () => {
    expect(signInProblem(message({ uri: 'https://phish.example/login' }), policy)).toMatch(/uri/)
    // another scheme is another origin
    expect(signInProblem(message({ uri: 'http://app.example.org/' }), policy)).toMatch(/uri/)
  })

  it('refuses a chain this app does not serve', () => {
    expect(signInProblem(message({ chainId: 137 }), policy)).toMatch(/chain 137/)
  })

  it('refuses a message issued in the future beyond the skew, expired, or not yet valid', () => {
    expect(signInProblem(message({ issuedAt: new Date(now.getTime() + 10 * 60_000) }), policy)).toMatch(/issuedAt/)
    expect(signInProblem(message({ expirationTime: new Date(now.getTime() - 1_000) }), policy)).toMatch(/expired/)
    expect(signInProblem(message({ notBefore: new Date(now.getTime() + 10 * 60_000) }), policy)).toMatch(
      /not valid yet/,
    )
  })
})

describe('appOrigins', () => {
  it('defaults to loopback names on PORT when HOST is loopback or every interface', () => {
    expect(appOrigins({})).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
    expect(appOrigins({ HOST: '0.0.0.0', PORT: 4000 })).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
      'http://[::1]:4000',
    ])
    expect(appOrigins({ HOST: 'app.internal', PORT: 8080 })).toEqual(['http://app.internal:8080'])
  })

  it('takes APP_ORIGIN as given (origins only)', () => {
    expect(appOrigins({ APP_ORIGIN: ['https://app.example.org', 'https://www.example.org'], PORT: 3000 })).toEqual([
      'https://app.example.org',
      'https://www.example.org',
    ])
  })
})
