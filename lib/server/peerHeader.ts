// Next's route handlers are never told the TCP peer of a request (it only fills X-Forwarded-For
// with it when the client sent none, so a client can put anything there). serve.mjs, the server
// that runs the app, sets this header on every request to its socket's remote address, overwriting
// whatever the client sent under that name — the only client address a client cannot choose.
// Under a bare `next start` or `next dev` nobody sets it, so it is believed only when serve.mjs
// says it serves the process (SERVE_STAMPS_PEER=1 in its workers' environment).
import type { RequestHeaders } from './apiRequest'

export const PEER_HEADER = 'x-intent-router-peer'

/** The stamped peer address, or '' when the request came through a server that does not stamp it. */
export function stampedPeer(headers: RequestHeaders, stamped = process.env.SERVE_STAMPS_PEER === '1'): string {
  return stamped ? (headers.get(PEER_HEADER) ?? '') : ''
}
