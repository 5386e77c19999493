import { describe, expect, it } from 'vitest'
import fixtures from '../../ui/route/fixtures/routes.json'
import { ApiError } from './fetchApi'
import { inspectStoredRoute } from './inspectedRoute'
import { historyPageSize, postRoute, routeHistoryPath } from './routeApi'

function fakeFetch(status: number, body: unknown, seen: { url?: unknown; init?: RequestInit } = {}): typeof fetch {
  return (async (url: unknown, init: RequestInit) => {
    Object.assign(seen, { url, init })
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
}

describe('postRoute', () => {
  it('POSTs the request as JSON with the key, and keeps the raw answer beside the parsed one', async () => {
    const seen: { url?: unknown; init?: RequestInit } = {}
    const request = { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: '1' }] }
    const result = await postRoute({ request, apiKey: 'k', fetchFn: fakeFetch(200, fixtures.crossChain, seen) })
    expect(seen.url).toBe('/api/v1/intents/route')
    expect(seen.init).toMatchObject({
      method: 'POST',
      headers: { 'x-api-key': 'k', 'content-type': 'application/json', accept: 'application/json' },
    })
    expect(JSON.parse(seen.init!.body as string)).toEqual(request)
    expect(result.raw).toEqual(fixtures.crossChain)
    expect(result.route.intentOp?.nonce).toBe(fixtures.crossChain.intentOp.nonce)
  })

  it('turns an error envelope into an ApiError, and an unknown answer into invalid_response', async () => {
    const envelope = {
      message: 'No Path Found',
      errors: [{ message: 'No Path Found', context: { token: '0x' } }],
      traceId: 't',
    }
    const failed = await postRoute({ request: {}, fetchFn: fakeFetch(422, envelope) }).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(ApiError)
    expect(failed).toMatchObject({ status: 422, envelope })
    await expect(postRoute({ request: {}, fetchFn: fakeFetch(200, { hello: 1 }) })).rejects.toMatchObject({
      failure: 'invalid_response',
    })
  })
})

describe('route history', () => {
  it('pages by cursor, 20 at a time', () => {
    expect(historyPageSize).toBe(20)
    expect(routeHistoryPath('0xabc')).toBe('/api/v1/accounts/0xabc/routes?limit=20')
    expect(routeHistoryPath('0xabc', 'Wy+/=')).toBe('/api/v1/accounts/0xabc/routes?limit=20&cursor=Wy%2B%2F%3D')
  })

  it('re-opens a stored route, or says it cannot', () => {
    expect(inspectStoredRoute(fixtures.oft)?.route.intentOp?.nonce).toBe(fixtures.oft.intentOp.nonce)
    expect(inspectStoredRoute({ intentOp: 'nope' })).toBeUndefined()
  })
})
