// Next's route handlers are never told the TCP peer of a request (it only fills X-Forwarded-For
// with it when the client sent none, so a client can put anything there). At server start
// (instrumentation.ts) this stamps every incoming request with its socket's remote address under a
// header of our own, overwriting whatever the client sent under that name. The same hook settles
// requests Next would answer in HTML (requestGuard.ts) and answers the API operations whose
// handlers Next has loaded without its router (directRoutes.ts).
import { type IncomingMessage, Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { dispatchDirect } from './directRoutes'
import { answerClientError, guardRequest } from './requestGuard'

export const PEER_HEADER = 'x-intent-router-peer'

const stamped = Symbol.for('intent-router.socket-peer')

export function stampSocketPeer(): void {
  const proto = Server.prototype as Server & { [stamped]?: true }
  if (proto[stamped]) return
  const emit = proto.emit
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as IncomingMessage
      request.headers[PEER_HEADER] = request.socket?.remoteAddress ?? ''
      if (guardRequest(request, args[1] as ServerResponse) || dispatchDirect(request, args[1] as ServerResponse)) return true
    }
    if (event === 'clientError') {
      answerClientError(args[0] as Error, args[1] as Duplex)
      return true
    }
    return (emit as (this: Server, event: string | symbol, ...rest: unknown[]) => boolean).call(this, event, ...args)
  } as typeof emit
  proto[stamped] = true
}
