// Request logs: one JSON line per request, with a trace id the server chose, the caller's request id
// in a field of its own, and the key's name — never the key. (The global teardown greps the whole
// run's logs for secrets.)

import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, inject, it } from 'vitest'
import { devnetAppEnv } from '../../lib/devnet/appEnv'
import { abortedUploads } from '../support/abortedUpload'
import { api } from '../support/api'
import { startApp } from '../support/stack'

const http = api()

function lines(): Record<string, unknown>[] {
  return readFileSync(inject('appLogFile'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
}

async function logLine(id: string, field: 'traceId' | 'clientRequestId' = 'traceId') {
  for (let i = 0; i < 100; i++) {
    const line = lines().find((l) => l[field] === id)
    if (line) return line
    await new Promise((r) => setTimeout(r, 20)) // the app's output reaches the file asynchronously
  }
  throw new Error(`no log line with ${field} ${id}`)
}

describe('request logs', () => {
  it('log each request once with its request id, status and key name, never the key', async () => {
    const id = `log-test-${randomUUID()}`
    const res = await http.get('/api/v1/accounts/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/portfolio', {
      headers: { 'x-request-id': id },
    })
    const traceId = res.headers.get('x-trace-id')!
    expect(traceId).toMatch(/^[0-9a-f-]{36}$/) // the server's own, never the client's
    expect(traceId).not.toBe(id)
    const line = await logLine(traceId)
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      clientRequestId: id,
      method: 'GET',
      path: '/api/v1/accounts/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/portfolio',
      status: 200,
      keyName: 'test suite',
    })
    expect(line.durationMs).toEqual(expect.any(Number))
    expect(lines().filter((l) => l.traceId === traceId)).toHaveLength(1)
    expect(readFileSync(inject('appLogFile'), 'utf8')).not.toContain(http.apiKey)
  })

  it('log refused requests too, and leave out a request id that is not a sane token', async () => {
    const res = await http.get('/api/v1/prices', { key: 'ir_nope', headers: { 'x-request-id': 'bad id\twith spaces' } })
    expect(res.status).toBe(401)
    const traceId = res.headers.get('x-trace-id')!
    expect(traceId).toMatch(/^[0-9a-f-]{36}$/)
    const line = await logLine(traceId)
    expect(line).toMatchObject({ status: 401, path: '/api/v1/prices' })
    expect(line).not.toHaveProperty('clientRequestId')
  })

  it('log a client that hangs up mid-body as 499 at info, with no error line or stack', async () => {
    const { requestIds } = await abortedUploads(3)
    for (const id of requestIds)
      expect(await logLine(id, 'clientRequestId')).toMatchObject({
        level: 30,
        status: 499,
        path: '/api/v1/intents/route',
      })
    expect(lines().filter((l) => l.msg === 'unhandled error' && JSON.stringify(l).includes('aborted'))).toEqual([])
  })
})

describe('a server process stopped with SIGTERM', () => {
  it('writes the log lines still in its buffer before it exits', async () => {
    // Lines wait up to ten minutes in the buffer here: only the stop can have written this one.
    const app = await startApp({
      ...devnetAppEnv(inject('rpcUrls'), inject('databaseUrl')),
      WEB_CONCURRENCY: '1',
      LOG_FLUSH_MS: '600000',
    })
    const id = `stop-${randomUUID()}`
    try {
      const res = await fetch(`${app.baseUrl}/api/v1/prices`, { headers: { 'x-request-id': id } })
      expect(res.status).toBe(401)
      expect(app.logs()).not.toContain(id) // still buffered
    } finally {
      await app.stop()
    }
    const line = app
      .logs()
      .split('\n')
      .find((l) => l.includes(id))
    expect(line && JSON.parse(line)).toMatchObject({ msg: 'request', status: 401, clientRequestId: id })
  })
})
