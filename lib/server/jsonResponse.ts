// A JSON answer whose bytes are kept beside it. A Web Response holds its body as a stream, and
// reading it back (nodeAnswer.ts sends the bytes with Node's own response) costs more than the
// serialisation itself; for a body we serialised, the same bytes are at hand. Next's path reads the
// Response as usual: both see the same bytes.
const bytesOf = new WeakMap<Response, Buffer>()

/** `Response.json`, from text already serialised (so it can also be stored or hashed as sent). */
export function jsonResponse(text: string, init: ResponseInit = {}): Response {
  const bytes = Buffer.from(text, 'utf8')
  const headers = new Headers(init.headers)
  if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  const response = new Response(bytes, { ...init, headers })
  bytesOf.set(response, bytes)
  return response
}

/** The body of a response made by jsonResponse, unless it has been read since. */
export function knownBytes(response: Response): Buffer | undefined {
  return response.bodyUsed ? undefined : bytesOf.get(response)
}
