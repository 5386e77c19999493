// What a route is computed from: the validated POST /intents/route body. Its one definition is the
// zod schema in lib/api/routeRequest.ts (a type-only import); the engine names the parts it uses.
import type { RouteRequest } from '../../api/routeRequest'

export type RouteInput = RouteRequest
export type AccountInput = RouteInput['account']
export type Execution = RouteInput['destinationExecutions'][number]
export type AuthorizationInput = RouteInput['signedAuthorizations'][number]
export type AccessListInput = NonNullable<RouteInput['accountAccessList']>
