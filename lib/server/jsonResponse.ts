// A JSON answer whose bytes are kept beside it. A Web Response holds its body as a stream, and
// making that stream costs more than the serialisation itself (~30 µs: undici builds a
// ReadableStream for any body), as does reading it back. serve.mjs sends the bytes with Node's own
// response (nodeAnswer.ts), so the answer is made without a body and its bytes kept here; at the
// Web boundary (Next's router, `next start`/`next dev`, tests) withBody gives it its body, so every
// reader sees the same bytes.
const bytesOf = new WeakMap<Response, Buffer<ArrayBuffer>>()

/** `Response.json`, from text already serialised (so it can also be stored or hashed as sent); its
 * body is in knownBytes until withBody puts it in the Response. */
export function jsonResponse(text: string, init: ResponseInit = {}): Response {
  const bytes = Buffer.from(text, 'utf8')
  const headers = new Headers(init.headers)
  if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  const response = new Response(null, { ...init, headers })
  bytesOf.set(response, bytes)
  return response
}

/** The body of a response made by jsonResponse, unless it has been read since. */
export function knownBytes(response: Response): Buffer | undefined {
  return response.bodyUsed ? undefined : bytesOf.get(response)
}

/** The response as a Web reader takes it: one made by jsonResponse gets its body (the same status
 * and headers); any other is returned as it is. */
export function withBody(response: Response): Response {
  const bytes = bytesOf.get(response)
  if (!bytes || response.body !== null) return response
  const bodied = new Response(bytes, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
  bytesOf.set(bodied, bytes)
  return bodied
}
