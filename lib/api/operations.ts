// Every operation the API serves, with the zod schemas its handler validates with and answers
// in. The OpenAPI document is generated from this list; a test checks it against the handlers.
import { z } from 'zod'
import type { Scope } from '../core/scopes'
import { errorEnvelopeSchema } from './errorEnvelope'
import { intentIdSchema, intentListQuerySchema, intentListResponseSchema, intentStatusResponseSchema, submitIntentBodySchema, submitIntentResponseSchema } from './intentOperation'
import { portfolioQuerySchema, portfolioResponseSchema } from './portfolio'
import { pricesResponseSchema } from './prices'
import { routeHistoryQuerySchema, routeHistoryResponseSchema } from './routeHistory'
import { chainsResponseSchema, splitRequestSchema, splitResponseSchema } from './split'
import { routeRequestSchema } from './routeRequest'
import { routeResponseSchema, signerResponseSchema } from './routeResponse'

export type Operation = {
  id: string
  method: 'GET' | 'POST'
  /** Under /api/v1, with {param} placeholders. */
  path: string
  summary: string
  scope: Scope | null
  /** Path and query parameters together (path ones are the `{…}` names). */
  parameters?: z.ZodObject
  body?: z.ZodType
  response: z.ZodType
}

export const getPortfolio = {
  id: 'getPortfolio',
  method: 'GET',
  path: '/accounts/{userAddress}/portfolio',
  summary: 'Locked and unlocked balances per token, aggregated and per chain, read live from each chain.',
  scope: 'portfolio:read',
  parameters: portfolioQuerySchema,
  response: portfolioResponseSchema,
} as const satisfies Operation

export const getIntentRoute = {
  id: 'getIntentRoute',
  method: 'POST',
  path: '/intents/route',
  summary: 'A signable route for the tokens wanted on a destination chain, priced from live chain state.',
  scope: 'routes:create',
  body: routeRequestSchema,
  response: routeResponseSchema,
} as const satisfies Operation

export const listRoutes = {
  id: 'listRoutes',
  method: 'GET',
  path: '/accounts/{userAddress}/routes',
  summary: 'Routes issued for an account, newest first, with cursor pagination.',
  scope: 'routes:read',
  parameters: routeHistoryQuerySchema,
  response: routeHistoryResponseSchema,
} as const satisfies Operation

export const submitIntent = {
  id: 'submitIntent',
  method: 'POST',
  path: '/intent-operations',
  summary:
    'Submit a signed route for settlement. Only a route this service issued to the same key, unchanged, unexpired, not yet submitted and signed by its sponsor over the typed data the client builds is accepted (201); a second submission is 409. options.dryRun checks everything and runs nothing.',
  scope: 'routes:create',
  body: submitIntentBodySchema,
  response: submitIntentResponseSchema,
} as const satisfies Operation

export const getIntentOpStatus = {
  id: 'getIntentOpStatus',
  method: 'GET',
  path: '/intent-operation/{id}',
  summary: 'Status of a submitted intent: per-chain claims with transaction hashes and times, the fill, and failureReason on failure.',
  scope: 'routes:read',
  parameters: intentIdSchema,
  response: intentStatusResponseSchema,
} as const satisfies Operation

export const listIntents = {
  id: 'listIntents',
  method: 'GET',
  path: '/accounts/{userAddress}/intents',
  summary: 'Intents this key submitted for an account, newest first, with their statuses (cursor pagination).',
  scope: 'routes:read',
  parameters: intentListQuerySchema,
  response: intentListResponseSchema,
} as const satisfies Operation

export const splitIntents = {
  id: 'splitIntents',
  method: 'POST',
  path: '/intents/split',
  summary:
    "How wanted amounts on a chain split into intents the filler's inventory there can fill. When it cannot fill them all: 422 { error: 'INSUFFICIENT_LIQUIDITY', availableIntents, unfillable, traceId }.",
  scope: 'routes:create',
  body: splitRequestSchema,
  response: splitResponseSchema,
} as const satisfies Operation

export const getChains = {
  id: 'getChains',
  method: 'GET',
  path: '/chains',
  summary: 'The chains served, each with the tokens routes can move there.',
  scope: 'portfolio:read',
  response: chainsResponseSchema,
} as const satisfies Operation

export const getPrices = {
  id: 'getPrices',
  method: 'GET',
  path: '/prices',
  summary: 'The USD feed answers routes and the dashboard are priced with.',
  scope: 'portfolio:read',
  response: pricesResponseSchema,
} as const satisfies Operation

export const getSigner = {
  id: 'getSigner',
  method: 'GET',
  path: '/signer',
  summary: 'The address that signs every route (serverSignature). No key needed.',
  scope: null,
  response: signerResponseSchema,
} as const satisfies Operation

export const getOpenApi = {
  id: 'getOpenApi',
  method: 'GET',
  path: '/openapi.json',
  summary: 'This document. No key needed.',
  scope: null,
  response: z.record(z.string(), z.unknown()),
} as const satisfies Operation

export const operations: readonly Operation[] = [getPortfolio, getIntentRoute, listRoutes, submitIntent, getIntentOpStatus, listIntents, splitIntents, getChains, getPrices, getSigner, getOpenApi]

export { errorEnvelopeSchema }
