// The one body reader of every JSON endpoint, fed what an attacker would send: each hostile body
// is refused with the 4xx naming its limit, and reading any body up to the size limit costs at most
// a few times what parsing a plain body of the same size costs (measured here, in the same run).
import { describe, expect, it } from 'vitest'
import { errorEnvelope, HttpError, statusOfKind } from '../api/errorEnvelope'
import { ServiceError } from '../core/errors'
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, MAX_JSON_VALUES, readJsonBody } from './jsonBody'

const url = 'http://localhost/api/v1/intents/route'
const headers = { 'content-type': 'application/json' }
const request = (body: string) => new Request(url, { method: 'POST', headers, body })

async function outcome(text: string) {
  try {
    return { status: 200, value: await readJsonBody(request(text)) }
  } catch (error) {
    if (!(error instanceof ServiceError || error instanceof HttpError)) throw error
    const body = errorEnvelope(error, 't')
    const size = JSON.stringify(body).length
    return { status: statusOfKind[error.kind], code: body.code, context: body.errors[0]?.context, size }
  }
}

const nearLimit = MAX_BODY_BYTES - 64
const hostile: Record<string, string> = {
  'deep arrays (10⁴ levels)': `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  'deep objects (10⁵ levels)': `${'{"a":'.repeat(100_000)}0${'}'.repeat(100_000)}`,
  'the reported stall (500,000 elements 2,000 deep)': `${'['.repeat(2_000)}${'0,'.repeat(500_000)}${']'.repeat(2_000)}`,
  'wide (10⁶ elements)': `[${'0,'.repeat(999_999)}0]`,
  'wide within the size limit': `[${'0,'.repeat(nearLimit / 2 - 1)}0]`,
  'many keys': `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":0`).join(',')}}`,
  'one long string': `{"a":"${'x'.repeat(nearLimit)}"}`,
  'escapes only': `{"a":"${'\\"'.repeat(nearLimit / 2)}"}`,
  'surrogate pairs only': `{"a":"${'\\ud83d\\ude00'.repeat(nearLimit / 12)}"}`,
  'long keys': `{${Array.from({ length: 100 }, (_, i) => `"${String(i).padEnd(10_000, 'k')}":0`).join(',')}}`,
}

describe('readJsonBody', () => {
  it(`refuses arrays and objects nested deeper than ${MAX_JSON_DEPTH} with a 400 naming the limit`, async () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
    expect((await outcome(nested(MAX_JSON_DEPTH))).status).toBe(200)
    for (const levels of [MAX_JSON_DEPTH + 1, 4_000, 10_000]) {
      const refused = { status: 400, code: 'JSON_TOO_DEEP', context: { limit: 'depth', max: MAX_JSON_DEPTH } }
      expect(await outcome(nested(levels))).toMatchObject(refused)
    }
  })

  it(`refuses over ${MAX_JSON_VALUES} values with a 413 naming the limit, and over 1 MiB by its bytes`, async () => {
    const values = (n: number) => `[${'0,'.repeat(n - 2)}0]` // the array and its n - 1 elements
    expect((await outcome(values(MAX_JSON_VALUES))).status).toBe(200)
    const tooMany = { status: 413, code: 'PAYLOAD_TOO_LARGE', context: { limit: 'values', max: MAX_JSON_VALUES } }
    expect(await outcome(values(MAX_JSON_VALUES + 1))).toMatchObject(tooMany)
    const tooLarge = { status: 413, context: { limit: 'bytes', max: MAX_BODY_BYTES } }
    expect(await outcome(`"${'x'.repeat(MAX_BODY_BYTES)}"`)).toMatchObject(tooLarge)
  })

  it('answers every hostile body with a small 4xx, or its value when it is within the limits', async () => {
    for (const [name, text] of Object.entries(hostile)) {
      const result = await outcome(text)
      expect(result.status, name).toBeLessThan(500)
      if (result.status >= 400) expect(result.size, name).toBeLessThan(1_024)
    }
    expect((await outcome(hostile['many keys'] ?? '')).context).toMatchObject({ limit: 'values' })
    expect((await outcome(hostile['wide (10⁶ elements)'] ?? '')).context).toMatchObject({ limit: 'bytes' })
  })

  it('names a lone surrogate 60 levels deep by its path, and brackets inside strings are no nesting', async () => {
    const path = Array.from({ length: 60 }, (_, i) => `k${i}`)
    const text = `${path.map((k) => `{"${k}":`).join('')}"\\udc00"${'}'.repeat(60)}`
    const named = { status: 400, code: 'VALIDATION_ERROR', context: { field: path.join('.') } }
    expect(await outcome(text)).toMatchObject(named)
    expect((await outcome(`{"a":"${'['.repeat(10_000)}"}`)).status).toBe(200)
  })

  it('reads any hostile body in at most 3 times what parsing a plain body of its size takes', async () => {
    const median = async (f: () => Promise<unknown> | unknown) => {
      const times: number[] = []
      for (let i = 0; i < 7; i++) {
        const started = performance.now()
        await f()
        times.push(performance.now() - started)
      }
      return times.sort((a, b) => a - b)[3] ?? 0
    }
    // The plain body: 1 MiB of numbers, what JSON.parse spends most per byte on.
    const plain = `[${'1,'.repeat(nearLimit / 2 - 1)}1]`
    const parsing = await median(() => JSON.parse(plain))
    for (const [name, text] of Object.entries(hostile)) {
      const reading = await median(() => outcome(text))
      expect(reading / parsing, `${name}: ${reading.toFixed(1)} ms against ${parsing.toFixed(1)} ms`).toBeLessThan(3)
    }
  })
})
