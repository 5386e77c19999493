// GET /intent-operation/{id}/events, the dashboard's stream of an intent's status, through the
// stack's server (serve.mjs) and through a bare `next start` of the same build: each event is
// written as it happens (not held until the stream ends, not compressed), the statuses come in the
// order they happen and end with the final one, each is what the status read answers, the refusals
// are the status read's, and Last-Event-ID resumes without sending again what the reader has.
import { join } from 'node:path'
import { EventSourceParserStream } from 'eventsource-parser/stream'
import { parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { scopes } from '../../lib/config/scopes'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import { startNextStart } from '../support/nextStart'
import { fundedAccount, settlement } from '../support/settlement'

const root = join(import.meta.dirname, '..', '..')
const rpcUrls = inject('rpcUrls')
const sql = await openDatabase({ url: inject('databaseUrl') })
let nextStart: Awaited<ReturnType<typeof startNextStart>> | undefined
let nextKey = ''

beforeAll(async () => {
  nextStart = await startNextStart(root)
  nextKey = (await createApiKey(sql, { name: 'status stream next start', scopes, rateLimit: '1000/min' })).key
}, 90_000)
afterAll(async () => {
  await nextStart?.stop()
  await sql.close()
})

type Target = { baseUrl: string; apiKey: string; rpcUrls: Record<number, string> }
const servers = [
  { name: 'serve.mjs', target: (): Target => ({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey'), rpcUrls }) },
  { name: 'next start', target: (): Target => ({ baseUrl: nextStart?.origin ?? '', apiKey: nextKey, rpcUrls }) },
]
const order = ['PENDING', 'CLAIMED', 'FILLED', 'COMPLETED']

/** An intent submitted through `target`: 100 USDC locked on 10, to 8453. */
async function submitted(target: Target) {
  const s = settlement(target)
  const account = await fundedAccount(s.chain, [
    { chainId: 10, symbol: 'USDC', amount: parseUnits('200', 6), locked: true },
  ])
  const { intentOp } = await s.route(account, {
    destinationChainId: 8453,
    tokenRequests: [{ tokenAddress: 'USDC', amount: parseUnits('100', 6).toString() }],
    account: { address: account.address, accountType: 'EOA' },
  })
  const res = await s.submit(await s.sign(account, intentOp))
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { s, id: String(res.body.result.id) }
}

type Received = { id: string | undefined; event: string | undefined; data: string; at: number }

/** The stream as a reader gets it: each event with the time it arrived, and when the stream ended. */
async function read(target: Target, id: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${target.baseUrl}/api/v1/intent-operation/${id}/events`, {
    headers: { 'x-api-key': target.apiKey, 'accept-encoding': 'gzip', ...headers },
  })
  const events: Received[] = []
  if (!response.ok || !response.body) return { response, events, endedAt: Date.now(), body: await response.json() }
  const reader = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    events.push({ id: value.id, event: value.event, data: value.data, at: Date.now() })
  }
  return { response, events, endedAt: Date.now(), body: undefined }
}

const statusOf = (e: Received) => (JSON.parse(e.data) as { status: string }).status

describe.each(servers)('the status stream through $name', ({ target }) => {
  it('writes each status as it happens, in order, ends after the final one, each the status read’s body', async () => {
    const t = target()
    const { s, id } = await submitted(t)
    const { response, events, endedAt } = await read(t, id)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform')
    const statuses = events.map(statusOf)
    // The stream starts with the status as it is when the reader joins: PENDING, unless the filler
    // already moved it on (it does not wait for readers; on a loaded machine it can be faster than
    // the stream's first answer), but never the final one.
    expect(['PENDING', 'CLAIMED', 'FILLED']).toContain(statuses[0])
    expect(statuses.at(-1)).toBe('COMPLETED')
    // In the order they happen, each once (a reader may miss one that lasted less than a read).
    const positions = statuses.map((x) => order.indexOf(x))
    expect(positions).toEqual([...new Set(positions)].sort((a, b) => a - b))
    expect(events.every((e) => e.event === 'status' && e.id)).toBe(true)
    // The first status reached the reader while the intent was still settling, not with the end.
    const first = events[0]
    const last = events.at(-1)
    expect(first && last && last.at - first.at).toBeGreaterThan(200)
    expect(endedAt - (last?.at ?? 0)).toBeLessThan(2_000)
    // The last event is what the status read answers now.
    const now = await s.call('GET', `/intent-operation/${id}`)
    expect(now.status).toBe(200)
    expect(JSON.parse(last?.data ?? 'null')).toEqual(now.body)
  }, 90_000)
})

describe('the status stream’s access and resumption (serve.mjs)', () => {
  const t = (): Target => ({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey'), rpcUrls })

  it('refuses exactly as the status read does: another key, the browser key signed out, no key, a bad id', async () => {
    const { s, id } = await submitted(t())
    const other = (await createApiKey(sql, { name: 'status stream other', scopes, rateLimit: '1000/min' })).key
    const browserKey = inject('browserKey')
    const cases: [string, Record<string, string>][] = [
      [id, { 'x-api-key': other }],
      [id, { 'x-api-key': browserKey, 'sec-fetch-site': 'same-origin' }],
      [id, { 'x-api-key': '' }],
      ['not-a-number', {}],
    ]
    for (const [which, headers] of cases) {
      const streamed = await read(t(), which, headers)
      const plain = await fetch(`${t().baseUrl}/api/v1/intent-operation/${which}`, {
        headers: { 'x-api-key': t().apiKey, ...headers },
      })
      const body = (await plain.json()) as { message: string; code: string }
      expect(streamed.response.status, JSON.stringify(headers)).toBe(plain.status)
      expect(streamed.response.status).toBeGreaterThanOrEqual(400)
      expect(streamed.response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(streamed.events).toEqual([])
      expect(streamed.body).toMatchObject({ message: body.message, code: body.code })
    }
    await s.waitFinal(id)
  }, 90_000)

  it('resumes from Last-Event-ID: nothing sent again when the reader has the final status', async () => {
    const { s, id } = await submitted(t())
    const whole = await read(t(), id)
    const last = whole.events.at(-1)
    const first = whole.events[0]
    expect(last && statusOf(last)).toBe('COMPLETED')
    await s.waitFinal(id)
    const caughtUp = await read(t(), id, { 'last-event-id': last?.id ?? '' })
    expect(caughtUp.response.status).toBe(200)
    expect(caughtUp.events).toEqual([])
    const behind = await read(t(), id, { 'last-event-id': first?.id ?? '' })
    expect(behind.events.map(statusOf)).toEqual(['COMPLETED'])
    expect(behind.events[0]?.id).toBe(last?.id)
  }, 90_000)
})
