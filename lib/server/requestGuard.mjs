// What Next's own server would answer with an HTML page or a bare 400 (TRACE, a method it does not
// route, OPTIONS on a page, a path that is not valid percent-encoding, a request Node cannot parse)
// or get wrong (an absolute-form request target, which Next may redirect to the host it names):
// settled before Next sees the request, in the API's JSON envelope. Static assets get nosniff.
// Plain JavaScript: serve.mjs applies it to every request before anything of the app's build runs.

import { randomUUID } from 'node:crypto'

const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const ALLOWED = 'GET, POST, DELETE, OPTIONS'

/** True when the request was answered here.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @returns {boolean} */
export function guardRequest(request, response) {
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
  const path = (request.url ?? '/').split('?')[0] ?? '/'
  // Next serves its build's files without it; a browser must never guess their type.
  if (path.startsWith('/_next/')) response.setHeader('x-content-type-options', 'nosniff')
  if (!ROUTED_METHODS.has(request.method ?? '')) {
    response.setHeader('allow', ALLOWED)
    return answer(response, 405, `Method ${request.method} not allowed`, 'METHOD_NOT_ALLOWED')
  }
  // The API answers its own preflights; a page has nothing to say to OPTIONS.
  if (request.method === 'OPTIONS' && !path.startsWith('/api/')) {
    response.setHeader('allow', 'GET, HEAD')
    return answer(response, 405, 'Method OPTIONS not allowed on a page', 'METHOD_NOT_ALLOWED')
  }
  try {
    decodeURIComponent(path)
  } catch {
    return answer(response, 400, 'Malformed percent-encoding in the request path')
  }
  return false
}

/** A request Node's parser refused (an unknown method, a malformed line or header): the envelope
 * instead of Node's bare `400 Bad Request`, then the connection closes.
 * @param {Error & { code?: string }} error
 * @param {import('node:stream').Duplex & { _httpMessage?: unknown }} socket */
export function answerClientError(error, socket) {
  // As Node does: nothing to say on a dead socket, or over a response already under way.
  if (!socket.writable || socket._httpMessage) {
    socket.destroy()
    return
  }
  const [status, reason, message] =
    error.code === 'HPE_INVALID_METHOD'
      ? [405, 'Method Not Allowed', 'Unknown request method']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Request headers too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'Request timed out']
          : [400, 'Bad Request', 'Malformed request']
  const traceId = randomUUID()
  const code = status === 405 ? 'METHOD_NOT_ALLOWED' : 'MALFORMED_REQUEST'
  const body = JSON.stringify({ message, code, errors: [{ message }], traceId })
  const allow = status === 405 ? `allow: ${ALLOWED}\r\n` : ''
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    'content-type: application/json',
    'cache-control: no-store',
    'x-content-type-options: nosniff',
    `x-trace-id: ${traceId}`,
    `${allow}content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ]
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
}

/** @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} message */
function answer(response, status, message, code = 'MALFORMED_REQUEST') {
  const traceId = randomUUID()
  response.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-trace-id': traceId,
  })
  response.end(JSON.stringify({ message, code, errors: [{ message }], traceId }))
  return true
}
