// Odd input never becomes a 500: ill-formed strings anywhere in a body are a 400 naming the field,
// a client that hangs up mid-body is a 499 logged at info, a value the database refuses is a 400;
// and the trace id is always the server's own, with the client's request id logged beside it.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { Operation } from '../api/operations'
import { handle, serve } from './handle'
import { errorResponse, withEnvelope } from './http'
import { logger } from './logger'

const echo = {
  id: 'echo',
  method: 'POST',
  path: '/echo',
  summary: 'test',
  scope: null,
  body: z.object({ word: z.string(), extra: z.unknown().optional() }),
  response: z.object({ said: z.string() }),
} as const satisfies Operation

const routes = serve(handle({ operation: echo }, async ({ body }) => ({ said: body.word })))
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  routes.POST(
    new Request('http://localhost/echo', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
      duplex: 'half',
    } as RequestInit),
    {
      params: Promise.resolve({}),
    },
  )
const fieldsOf = async (response: Response) =>
  ((await response.json()) as { errors: { context?: { field?: string } }[] }).errors.map((e) => e.context?.field)

afterEach(() => vi.restoreAllMocks())

describe('ill-formed strings', () => {
  it('a lone surrogate in a value, however deep, is a 400 naming its field', async () => {
    const response = await post('{"word":"ok","extra":{"emissaryConfig":{"x":"\\ud800"}}}')
    expect(response.status).toBe(400)
    expect(await fieldsOf(response)).toEqual(['extra.emissaryConfig.x'])
  })

  it('a lone surrogate in a key or an array item is a 400 too', async () => {
    const inKey = await post('{"word":"ok","extra":{"\\udc00":1}}')
    expect(inKey.status).toBe(400)
    expect(await fieldsOf(inKey)).toEqual(['extra'])
    const inList = await post('{"word":"ok","extra":["a","\\udfff"]}')
    expect(inList.status).toBe(400)
    expect(await fieldsOf(inList)).toEqual(['extra.1'])
  })

  it('well-formed text, astral characters included, passes', async () => {
    const response = await post(JSON.stringify({ word: 'héllo 🦊 \ud83e\udd8a' }))
    expect(response.status).toBe(200)
  })
})

describe('a client that hangs up mid-body', () => {
  it('is answered 499 and logged at info, with no error line', async () => {
    const errors = vi.spyOn(logger, 'error')
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"word":"half'))
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
      },
    })
    const response = await post(body)
    expect(response.status).toBe(499)
    expect(errors).not.toHaveBeenCalled()
  })
})

describe('storage input errors', () => {
  it('a value the database cannot store (SQLSTATE class 22) is a 400, not a 500', async () => {
    const errors = vi.spyOn(logger, 'error')
    const response = errorResponse(
      Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' }),
      'trace',
    )
    expect(response.status).toBe(400)
    expect(errors).not.toHaveBeenCalled()
    // Any other failure is a 500, logged at error level (kept out of the test's output here).
    errors.mockImplementation(() => undefined)
    expect(
      errorResponse(Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' }), 'trace').status,
    ).toBe(500)
    expect(errors).toHaveBeenCalledOnce()
    errors.mockRestore()
  })
})

describe('trace ids', () => {
  it('are generated on the server; the client’s x-request-id is logged in its own field', async () => {
    const info = vi.spyOn(logger, 'info')
    const handler = withEnvelope(async () => Response.json({ ok: true }))
    const response = await handler(
      new Request('http://localhost/x', { headers: { 'x-request-id': 'chosen-by-client' } }),
      { params: Promise.resolve({}) },
    )
    const traceId = response.headers.get('x-trace-id')
    expect(traceId).toMatch(/^[0-9a-f-]{36}$/)
    await new Promise((resolve) => setImmediate(resolve)) // the line is written after the answer is handed back
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ traceId, clientRequestId: 'chosen-by-client' }),
      'request',
    )
  })
})
