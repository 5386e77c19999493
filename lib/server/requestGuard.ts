// What Next's own server would answer with an HTML page (TRACE, a path that is not valid
// percent-encoding) or get wrong (an absolute-form request target, which Next may redirect to the
// host it names): settled before Next sees the request, in the API's JSON envelope.

import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ErrorCode } from '../api/errorEnvelope'

/** True when the request was answered here. */
export function guardRequest(request: IncomingMessage, response: ServerResponse): boolean {
  const target = request.url ?? '/'
  // Absolute form (`GET http://evil.example/x`): keep only the path, never the named host.
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target)
      request.url = `/${url.pathname.replace(/^\/+/, '')}${url.search}`
    } catch {
      return answer(response, 400, 'Malformed request target')
    }
  }
  if (request.method === 'TRACE' || request.method === 'TRACK' || request.method === 'CONNECT') {
    response.setHeader('allow', 'GET, POST, DELETE, OPTIONS')
    return answer(response, 405, `Method ${request.method} not allowed`, 'METHOD_NOT_ALLOWED')
  }
  try {
    decodeURIComponent((request.url ?? '/').split('?')[0]!)
  } catch {
    return answer(response, 400, 'Malformed percent-encoding in the request path')
  }
  return false
}

function answer(response: ServerResponse, status: number, message: string, code: ErrorCode = 'MALFORMED_REQUEST'): true {
  const traceId = randomUUID()
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-trace-id': traceId })
  response.end(JSON.stringify({ message, code, errors: [{ message }], traceId }))
  return true
}
