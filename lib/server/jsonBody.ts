import 'server-only'
// Reads a JSON request body with the limits and messages the client knows: 415 for another
// content type, 413 `entity.too.large` above 1 MiB or above 20,000 values, 400 naming the depth
// limit for arrays and objects nested deeper than 64, 400 `entity.parse.failed` for malformed
// JSON, 400 naming the field for an ill-formed string (a lone surrogate: no database can store
// it), and 499 when the client hangs up before its body arrived. Every step is linear in the body
// and none recurses (docs/hostile-input.md).
import { HttpError } from '../api/errorEnvelope'
import { fieldError, ServiceError } from '../core/errors'
import type { ApiRequest } from './apiRequest'
import { illFormedField } from './illFormedField'
import { jsonTextLimit } from './jsonTextLimit'

export const MAX_BODY_BYTES = 1024 * 1024
/** Arrays and objects inside one another; the deepest request the SDK sends nests about 10. */
export const MAX_JSON_DEPTH = 64
/** Values in one body; the largest request the SDK sends (a submitted route) holds a few hundred. */
export const MAX_JSON_VALUES = 20_000

export async function readJsonBody(request: ApiRequest): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) {
    throw new HttpError('unsupported_media_type', `Content-Type must be application/json, got ${type || 'none'}`)
  }
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) throw tooLarge('bytes', MAX_BODY_BYTES)
  const text = await readText(request)
  const limit = jsonTextLimit(text, { maxDepth: MAX_JSON_DEPTH, maxValues: MAX_JSON_VALUES })
  if (limit === 'depth') throw tooDeep()
  if (limit === 'values') throw tooLarge('values', MAX_JSON_VALUES)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const details = [{ message: 'entity.parse.failed', context: { reason: 'the body is not valid JSON' } }]
    throw new ServiceError('invalid_input', 'entity.parse.failed', details, { code: 'MALFORMED_JSON', cause: error })
  }
  const bad = illFormedField(value)
  if (bad !== undefined) {
    const field = bad || '(body)'
    throw fieldError('invalid_input', field, `${field}: must be well-formed Unicode (no lone surrogates)`)
  }
  return value
}

async function readText(request: ApiRequest): Promise<string> {
  const reader = request.body?.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  while (reader) {
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await reader.read()
    } catch {
      // The body stream only fails when the connection does: nobody is left to answer.
      throw new HttpError('client_closed', 'Client closed the request before its body arrived')
    }
    if (chunk.done) break
    size += chunk.value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel()
      throw tooLarge('bytes', MAX_BODY_BYTES)
    }
    chunks.push(chunk.value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function tooLarge(limit: 'bytes' | 'values', max: number) {
  const reason = limit === 'bytes' ? `the body is over ${max} bytes` : `the body holds more than ${max} JSON values`
  const context = { limit, max, reason, ...(limit === 'bytes' ? { limitBytes: max } : {}) }
  return new HttpError('too_large', 'entity.too.large', [{ message: 'entity.too.large', context }])
}

function tooDeep() {
  const message = `entity.too.deep: arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels`
  const context = { limit: 'depth', max: MAX_JSON_DEPTH }
  return new ServiceError('invalid_input', message, [{ message, context }], { code: 'JSON_TOO_DEEP' })
}
