import 'server-only'
// Reads a JSON request body with the limits and messages the client knows: 415 for another
// content type, 413 `entity.too.large` above 1 MiB, 400 `entity.parse.failed` for malformed JSON,
// 400 naming the field for an ill-formed string (a lone surrogate: no database can store it), and
// 499 when the client hangs up before its body arrived.
import { HttpError } from '../api/errorEnvelope'
import { fieldError, ServiceError } from '../core/errors'

export const MAX_BODY_BYTES = 1024 * 1024

export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) {
    throw new HttpError('unsupported_media_type', `Content-Type must be application/json, got ${type || 'none'}`)
  }
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) throw tooLarge()
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
      throw tooLarge()
    }
    chunks.push(chunk.value)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ServiceError('invalid_input', 'entity.parse.failed', [{ message: 'entity.parse.failed', context: { reason: 'the body is not valid JSON' } }], { code: 'MALFORMED_JSON', cause: error })
  }
  const bad = illFormedField(value, [])
  if (bad !== undefined) throw fieldError('invalid_input', bad || '(body)', `${bad || '(body)'}: must be well-formed Unicode (no lone surrogates)`)
  return value
}

/** The path of the first string (or key) that is not well-formed UTF-16, if any. A bad key names
 * the object holding it. */
function illFormedField(value: unknown, path: readonly string[]): string | undefined {
  if (typeof value === 'string') return value.isWellFormed() ? undefined : path.join('.')
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = illFormedField(value[i], [...path, String(i)])
      if (bad !== undefined) return bad
    }
    return undefined
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!key.isWellFormed()) return path.join('.')
      const bad = illFormedField(item, [...path, key])
      if (bad !== undefined) return bad
    }
  }
  return undefined
}

function tooLarge() {
  return new HttpError('too_large', 'entity.too.large', [{ message: 'entity.too.large', context: { limitBytes: MAX_BODY_BYTES } }])
}
