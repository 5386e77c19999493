// The wire shapes a route answers with (the route response's intentOp, costs and requirements), named for the engine that builds them. Their
// one definition is the zod schema in lib/api/routeResponse.ts: these types are inferred from it
// (a type-only import, so the core stays free of zod at run time).
import type { z } from 'zod'
import type { intentOpSchema, routeResponseSchema } from '../../api/routeResponse'

export type RouteResponse = z.infer<typeof routeResponseSchema>
export type IntentCost = RouteResponse['intentCost']
export type FeeBreakdown = IntentCost['tokensReceived'][number]['feeBreakdown']
export type TokenRequirement = RouteResponse['tokenRequirements'][string][string]

export type WireIntentOp = z.infer<typeof intentOpSchema>
export type WireElement = WireIntentOp['elements'][number]
export type WireOp = WireElement['mandate']['destinationOps']
export type WireSettlementContext = WireElement['mandate']['qualifier']['settlementContext']
export type WireAuthorization = WireIntentOp['signedAuthorizations'][number]
export type SignedMetadata = WireIntentOp['signedMetadata']
export type AccountWithContext = SignedMetadata['account']
export type AccountContext = AccountWithContext['accountContext'][string]
