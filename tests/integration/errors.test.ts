// Every error the portfolio endpoint can give, each in the one envelope, none a 5xx or HTML.
import { describe, expect, inject, it } from 'vitest'
import { errorEnvelopeSchema } from '../../lib/api/errorEnvelope'
import { api } from '../support/api'

const http = api()
const demo = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const path = (q = '', address = demo) => `/api/v1/accounts/${address}/portfolio${q}`

async function expectError(res: Awaited<ReturnType<typeof http.get>>, status: number, message: RegExp | string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/application\/json/)
  const body = errorEnvelopeSchema.parse(res.body)
  expect(body.message).toMatch(message)
  expect(body.errors.length).toBeGreaterThan(0)
  expect(body.traceId).toBe(res.headers.get('x-trace-id'))
  return body
}

describe('authentication', () => {
  it('401 Authentication is required without x-api-key', async () => {
    await expectError(await http.get(path(), { key: null }), 401, /^Authentication is required$/)
  })
  it('401 Invalid API key for an unknown key', async () => {
    await expectError(await http.get(path(), { key: 'ir_test_nope' }), 401, /^Invalid API key$/)
  })
  it('403 Insufficient permissions for the browser key outside a same-origin browser request', async () => {
    const browserKey = inject('browserKey')
    const body = await expectError(await http.get(path(), { key: browserKey }), 403, /^Insufficient permissions$/)
    expect(body.errors[0]!.context).toMatchObject({ scope: 'portfolio:read' })
    await expectError(
      await http.get(path(), { key: browserKey, headers: { 'sec-fetch-site': 'cross-site' } }),
      403,
      /Insufficient permissions/,
    )
    expect((await http.get(path(), { key: browserKey, headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200)
  })
  it('checks the key before the input', async () => {
    await expectError(await http.get(path('?chainIds=999', '0xbad'), { key: null }), 401, /Authentication is required/)
  })
})

describe('bad input is a 400 that names the field', () => {
  it.each([
    ['a short address', path('', '0x1234'), /userAddress/],
    ['a bad checksum', path('', '0x70997970c51812dc3a010C7d01b50e0d17dc79C8'), /userAddress/],
    ['a non-numeric chain id', path('?chainIds=one'), /chainIds/],
    ['a malformed token pair', path('?tokens=8453-USDC'), /tokens/],
    ['a bad filterEmpty', path('?filterEmpty=yes'), /filterEmpty/],
  ])('%s', async (_, url, field) => {
    const body = await expectError(await http.get(url), 400, field)
    expect(body.errors[0]!.context).toMatchObject({ field: expect.stringMatching(field) })
  })

  it('Token … not supported on chain … for an unknown token address', async () => {
    const bogus = '0x1111111111111111111111111111111111111111'
    await expectError(await http.get(path(`?tokens=8453:${bogus}`)), 400, `Token ${bogus} not supported on chain 8453`)
  })
  it('Unsupported token … for chain … for an unknown symbol', async () => {
    await expectError(await http.get(path('?tokens=8453:USDT0')), 400, 'Unsupported token USDT0 for chain 8453')
  })
})

describe('routing', () => {
  it('JSON 404 for an unknown API path', async () => {
    await expectError(await http.get('/api/v1/nothing/here'), 404, /No API route GET \/api\/v1\/nothing\/here/)
    await expectError(await http.get('/api/v2/accounts', { method: 'POST' }), 404, /No API route POST/)
  })
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('JSON 405 with Allow for %s on the portfolio', async (method) => {
    const res = await http.get(path(), { method })
    await expectError(res, 405, new RegExp(`Method ${method} not allowed`))
    expect(res.headers.get('allow')).toBe('GET')
  })
  it('accepts and ignores the SDK headers', async () => {
    const res = await http.get(path(), {
      headers: { 'x-sdk-version': '1.15.0', 'x-api-version': '2026-01.alps', 'content-type': 'application/json' },
    })
    expect(res.status).toBe(200)
  })
})
