import { describe, expect, it } from 'vitest'
import { intentStatusExamples } from '../operationExamples'
import { formatEvent } from '../statusStream'
import { ApiError } from './fetchApi'
import { followIntentStatus, intentEventsPath } from './intentStatusStream'

const completed = intentStatusExamples.response
const pending = { ...completed, status: 'PENDING', claims: [{ chainId: 8453, status: 'PENDING' }] }
const event = (id: string, status: object) => formatEvent('status', id, JSON.stringify(status))

/** A fetch answering an event stream of `pieces` (split anywhere, as the network splits them). */
function streaming(pieces: string[], seen: { url?: unknown; init?: RequestInit } = {}, breakOff = false) {
  return (async (url: unknown, init: RequestInit) => {
    Object.assign(seen, { url, init })
    const left = [...pieces]
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const piece = left.shift()
        if (piece !== undefined) controller.enqueue(new TextEncoder().encode(piece))
        else if (breakOff) controller.error(new TypeError('network error'))
        else controller.close()
      },
    })
    return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } })
  }) as typeof fetch
}

describe('followIntentStatus', () => {
  it('hands over each status in order, with its event id, sending the key and the last event id', async () => {
    const text = `retry: 1000\n\n${event('a', pending)}: heartbeat\n\n${event('b', completed)}`
    const pieces = [text.slice(0, 17), text.slice(17, 200), text.slice(200)]
    const seen: { url?: unknown; init?: RequestInit } = {}
    const got: [string, string | undefined][] = []
    await followIntentStatus({
      id: '42',
      apiKey: 'ir_key',
      lastEventId: 'z',
      onStatus: (s, id) => got.push([s.status, id]),
      fetchFn: streaming(pieces, seen),
    })
    expect(got).toEqual([
      ['PENDING', 'a'],
      ['COMPLETED', 'b'],
    ])
    expect(seen.url).toBe(intentEventsPath('42'))
    expect(seen.url).toBe('/api/v1/intent-operation/42/events')
    expect(seen.init?.headers).toMatchObject({ 'x-api-key': 'ir_key', 'last-event-id': 'z' })
  })

  it('refuses as the status read does: the envelope in an ApiError', async () => {
    const refusal = { message: 'No such intent with nonce 42', errors: [], traceId: 't', code: 'NOT_FOUND' }
    const fetchFn = (async () => Response.json(refusal, { status: 404 })) as unknown as typeof fetch
    const error = await followIntentStatus({ id: '42', onStatus: () => undefined, fetchFn }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ failure: 'http', status: 404, message: 'No such intent with nonce 42' })
  })

  it('says when the stream breaks off, after what arrived before', async () => {
    const got: string[] = []
    const error = await followIntentStatus({
      id: '42',
      onStatus: (s) => got.push(s.status),
      fetchFn: streaming([event('a', pending)], {}, true),
    }).catch((e) => e)
    expect(got).toEqual(['PENDING'])
    expect(error).toMatchObject({ failure: 'network' })
  })

  it('refuses an event that is not a status', async () => {
    const error = await followIntentStatus({
      id: '42',
      onStatus: () => undefined,
      fetchFn: streaming([event('a', { status: 'SOMETHING' })]),
    }).catch((e) => e)
    expect(error).toMatchObject({ failure: 'invalid_response' })
  })
})
