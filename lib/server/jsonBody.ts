import 'server-only'
// Reads a JSON request body with the limits and messages the client knows: 415 for another
// content type, 413 `entity.too.large` above 1 MiB, 400 `entity.parse.failed` for malformed JSON.
import { HttpError } from '../api/errorEnvelope'
import { ServiceError } from '../core/errors'

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
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ServiceError('invalid_input', 'entity.parse.failed', [{ message: 'entity.parse.failed', context: { reason: 'the body is not valid JSON' } }], { code: 'MALFORMED_JSON', cause: error })
  }
}

function tooLarge() {
  return new HttpError('too_large', 'entity.too.large', [{ message: 'entity.too.large', context: { limitBytes: MAX_BODY_BYTES } }])
}
