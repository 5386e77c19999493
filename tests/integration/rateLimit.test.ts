// A key's rate limit end to end: RateLimit-* headers on every answer, then 429 with Retry-After in
// the error envelope, which @rhinestone/sdk turns into its RateLimitedError.
import { Orchestrator, RateLimitedError } from '@rhinestone/sdk/dist/src/orchestrator'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import { api } from '../support/api'

const http = api()
const demo = inject('demoAddress')
const sql = await openDatabase({ url: inject('databaseUrl') })
afterAll(() => sql.close())

describe('per-key rate limits', () => {
  it('counts down in RateLimit-* headers, then answers 429 with Retry-After', async () => {
    const { key } = await createApiKey(sql, { name: 'slow', scopes: ['portfolio:read'], rateLimit: '3/min' })
    const path = `/api/v1/accounts/${demo}/portfolio`
    const remaining: (string | null)[] = []
    for (let i = 0; i < 3; i++) {
      const res = await http.get(path, { key })
      expect(res.status).toBe(200)
      expect(res.headers.get('ratelimit-limit')).toBe('3')
      remaining.push(res.headers.get('ratelimit-remaining'))
    }
    expect(remaining).toEqual(['2', '1', '0'])
    const limited = await http.get(path, { key })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.headers.get('ratelimit-remaining')).toBe('0')
    expect(limited.body).toMatchObject({
      message: 'Too many requests',
      errors: [{ message: 'Too many requests' }],
      traceId: expect.any(String),
    })

    const sdk = new Orchestrator(`${http.baseUrl}/api/v1`, {
      getHeaders: async () => ({ 'x-api-key': key }),
      getSubmitHeaders: async () => ({ 'x-api-key': key }),
    } as never)
    const error = await sdk.getPortfolio(demo).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitedError)
    expect((error as RateLimitedError).context).toMatchObject({ retryAfter: expect.any(String) })
  })

  it('gives every key its own budget', async () => {
    const { key } = await createApiKey(sql, { name: 'other', scopes: ['portfolio:read'], rateLimit: '1/min' })
    expect((await http.get(`/api/v1/accounts/${demo}/portfolio`, { key })).status).toBe(200)
    expect((await http.get(`/api/v1/accounts/${demo}/portfolio`, { key })).status).toBe(429)
    expect((await http.get(`/api/v1/accounts/${demo}/portfolio`)).status).toBe(200) // the suite's own key is untouched
  })
})
