import 'server-only'
// The one call a handler makes to know who is calling and whether they may.
import type { Scope } from '../core/scopes'
import { authenticate, type Caller } from './apiKeys'
import { serverContext } from './context'
import { database } from './database'

export function requireCaller(request: Request, scope: Scope): Promise<Caller> {
  return authenticate(request.headers, serverContext().apiKeys, scope, database)
}
