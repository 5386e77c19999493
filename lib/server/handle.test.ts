// handle({ operation }, fn) and serve(): parsing with the operation's schemas (400s naming fields),
// the success status, 405s naming the allowed methods, and the preflight.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Operation } from '../api/operations'
import { handle, serve } from './handle'

const echo = {
  id: 'echo',
  method: 'POST',
  path: '/echo/{name}',
  summary: 'test',
  scope: null,
  parameters: z.object({ name: z.string().min(2), times: z.coerce.number().int().default(1) }),
  body: z.object({ word: z.string() }),
  response: z.object({ said: z.string() }),
} as const satisfies Operation

const routes = serve(
  handle({ operation: echo, status: 201 }, async ({ params, body }) => ({
    said: `${params.name}: ${body.word.repeat(params.times)}`,
  })),
)

const call = (method: string, url: string, body?: unknown, params: Record<string, string> = { name: 'al' }) =>
  routes[method as 'POST'](
    new Request(`http://localhost${url}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    }),
    { params: Promise.resolve(params) },
  )

describe('handle({ operation }, fn)', () => {
  it('answers what fn returns, parsed path + query + body, with the given status', async () => {
    const response = await call('POST', '/echo/al?times=2', { word: 'hi' })
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ said: 'al: hihi' })
    expect(response.headers.get('x-trace-id')).toBeTruthy()
  })

  it('names the bad field of the body, the path and the query in a 400', async () => {
    const bad = await call('POST', '/echo/a?times=x', { word: 3 }, { name: 'a' })
    expect(bad.status).toBe(400)
    const fields = ((await bad.json()) as { errors: { context: { field: string } }[] }).errors.map(
      (e) => e.context.field,
    )
    expect(fields.sort()).toEqual(['name', 'times'])
    const badBody = await call('POST', '/echo/al', { word: 3 })
    expect(
      ((await badBody.json()) as { errors: { context: { field: string } }[] }).errors.map((e) => e.context.field),
    ).toEqual(['word'])
  })

  it('lets a path parameter win over a query parameter of the same name', async () => {
    const response = await call('POST', '/echo/al?name=mallory', { word: 'x' })
    expect(await response.json()).toEqual({ said: 'al: x' })
  })

  it('refuses a body that is not JSON with 415 before fn runs', async () => {
    const response = await routes.POST(new Request('http://localhost/echo/al', { method: 'POST', body: 'word=hi' }), {
      params: Promise.resolve({ name: 'al' }),
    })
    expect(response.status).toBe(415)
  })
})

describe('serve(...)', () => {
  it('answers every other method with a JSON 405 naming the allowed ones, and the preflight with 204', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const response = await call(method, '/echo/al')
      expect(response.status, method).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
      expect(((await response.json()) as { message: string }).message).toContain('use POST')
    }
    expect((await routes.OPTIONS()).status).toBe(204)
    expect(routes.POST.operation).toBe(echo)
  })
})
