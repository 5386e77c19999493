// Request logs: one JSON line per request, carrying the caller's request id as its trace id and the
// key's name — never the key. (The global teardown greps the whole run's logs for secrets.)

import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, inject, it } from 'vitest'
import { api } from '../support/api'

const http = api()

function lines(): Record<string, unknown>[] {
  return readFileSync(inject('appLogFile'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
}

async function logLine(traceId: string) {
  for (let i = 0; i < 50; i++) {
    const line = lines().find((l) => l.traceId === traceId)
    if (line) return line
    await new Promise((r) => setTimeout(r, 20)) // the app's output reaches the file asynchronously
  }
  throw new Error(`no log line for ${traceId}`)
}

describe('request logs', () => {
  it('log each request once with its request id, status and key name, never the key', async () => {
    const id = `log-test-${randomUUID()}`
    const res = await http.get('/api/v1/accounts/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/portfolio', { headers: { 'x-request-id': id } })
    expect(res.headers.get('x-trace-id')).toBe(id)
    const line = await logLine(id)
    expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', path: '/api/v1/accounts/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/portfolio', status: 200, keyName: 'test suite' })
    expect(line.durationMs).toEqual(expect.any(Number))
    expect(lines().filter((l) => l.traceId === id)).toHaveLength(1)
    expect(readFileSync(inject('appLogFile'), 'utf8')).not.toContain(http.apiKey)
  })

  it('log refused requests too, and replace a request id that is not a sane token', async () => {
    const res = await http.get('/api/v1/prices', { key: 'ir_nope', headers: { 'x-request-id': 'bad id\twith spaces' } })
    expect(res.status).toBe(401)
    const traceId = res.headers.get('x-trace-id')!
    expect(traceId).toMatch(/^[0-9a-f-]{36}$/)
    expect(await logLine(traceId)).toMatchObject({ status: 401, path: '/api/v1/prices' })
  })
})
