import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type AnswerSchemas, ApiError, answerSchemas, fetchApi } from './fetchApi'

const schema = z.object({ ok: z.literal(true) })
const envelope = { message: 'Invalid API key', errors: [{ message: 'Invalid API key' }], traceId: 't-1' }

function fakeFetch(status: number, body: unknown, seen: { url?: string; init?: RequestInit } = {}): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    Object.assign(seen, { url, init })
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof fetch
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('fetchApi', () => {
  it('sends the key as x-api-key to a same-origin path and returns the parsed body', async () => {
    const seen: { url?: string; init?: RequestInit } = {}
    expect(
      await fetchApi({ path: '/api/v1/prices', schema, apiKey: 'k', fetchFn: fakeFetch(200, { ok: true }, seen) }),
    ).toEqual({ ok: true })
    expect(seen.url).toBe('/api/v1/prices')
    expect(seen.init?.headers).toMatchObject({ 'x-api-key': 'k' })
  })

  it('sends no key header when there is no key', async () => {
    const seen: { init?: RequestInit } = {}
    await fetchApi({ path: '/api/v1/prices', schema, fetchFn: fakeFetch(200, { ok: true }, seen) })
    expect(seen.init?.headers).not.toHaveProperty('x-api-key')
  })

  it('refuses any path outside the app API, so the key cannot leave the origin', async () => {
    await expect(
      fetchApi({ path: 'https://elsewhere.example/api/v1/prices', schema, apiKey: 'k', fetchFn: fakeFetch(200, {}) }),
    ).rejects.toThrow(/only calls this app's API/)
  })

  it('turns an error status into an ApiError carrying the envelope', async () => {
    const error = await failure(fetchApi({ path: '/api/v1/prices', schema, fetchFn: fakeFetch(401, envelope) }))
    expect(error).toMatchObject({ failure: 'http', status: 401, message: 'Invalid API key', envelope })
  })

  it('copes with an error status that has no envelope', async () => {
    const error = await failure(
      fetchApi({ path: '/api/v1/prices', schema, fetchFn: fakeFetch(502, '<html>Bad gateway</html>') }),
    )
    expect(error).toMatchObject({ failure: 'http', status: 502, message: 'HTTP 502', envelope: undefined })
  })

  it('rejects a body that does not match the schema', async () => {
    expect(
      await failure(fetchApi({ path: '/api/v1/prices', schema, fetchFn: fakeFetch(200, { ok: 'yes' }) })),
    ).toMatchObject({ failure: 'invalid_response' })
  })

  it("checks an answer against a schema picked from the answers' schemas, which load on demand", async () => {
    const prices = { prices: { USDC: { usd: 1, answer: '100000000', decimals: 8, updatedAt: '1700000000' } } }
    const pick = (s: AnswerSchemas) => s.pricesResponseSchema
    const malformed = fetchApi({ path: '/api/v1/prices', schema: pick, fetchFn: fakeFetch(200, { prices: 7 }) })
    expect(await failure(malformed)).toMatchObject({ failure: 'invalid_response' })
    const read = await fetchApi({ path: '/api/v1/prices', schema: pick, fetchFn: fakeFetch(200, prices) })
    expect(read).toEqual(prices)
    expect((await answerSchemas()).pricesResponseSchema.safeParse({ prices: 7 }).success).toBe(false)
  })

  it('reports an unreachable service and a timeout apart', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed')
    }) as typeof fetch
    expect(await failure(fetchApi({ path: '/api/v1/prices', schema, fetchFn: down }))).toMatchObject({
      failure: 'network',
    })

    const hang = ((_: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
      )) as typeof fetch
    expect(await failure(fetchApi({ path: '/api/v1/prices', schema, fetchFn: hang, timeoutMs: 20 }))).toMatchObject({
      failure: 'timeout',
    })
  })
})
