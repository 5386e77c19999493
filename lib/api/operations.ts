// Every operation the API serves, with the zod schemas its handler validates with and answers
// in. The OpenAPI document is generated from this list; a test checks it against the handlers.
import { z } from 'zod'
import type { Scope } from '../config/scopes'
import { nonceResponseSchema, sessionResponseSchema, signInBodySchema } from './auth'
import { errorEnvelopeSchema, insufficientLiquiditySchema } from './errorEnvelope'
import { portfolioGuide } from './guides/portfolioGuide'
import { routeGuide } from './guides/routeGuide'
import { submitGuide } from './guides/submitGuide'
import { insufficientBalanceSchema } from './insufficientBalance'
import {
  intentIdSchema,
  intentListQuerySchema,
  intentListResponseSchema,
  intentStatusResponseSchema,
  submitIntentBodySchema,
  submitIntentResponseSchema,
} from './intentOperation'
import * as examples from './operationExamples'
import { portfolioQuerySchema, portfolioResponseSchema } from './portfolio'
import { pricesResponseSchema } from './prices'
import {
  routeHistoryQuerySchema,
  routeHistoryResponseSchema,
  storedRouteParamsSchema,
  storedRouteResponseSchema,
} from './routeHistory'
import { routeRequestSchema } from './routeRequest'
import { routeResponseSchema, signerResponseSchema } from './routeResponse'
import { settlementTimesResponseSchema } from './settlementTimes'
import { chainsResponseSchema, splitRequestSchema, splitResponseSchema } from './split'

export type Operation = {
  id: string
  method: 'GET' | 'POST' | 'DELETE'
  /** Under /api/v1, with {param} placeholders. */
  path: string
  summary: string
  /** Longer prose for the reference: what the operation is for and what to expect. */
  description?: string
  scope: Scope | null
  /** Path and query parameters together (path ones are the `{…}` names). */
  parameters?: z.ZodObject
  body?: z.ZodType
  response: z.ZodType
  /** How a 200 answer is sent (default application/json); for an event stream, `response` is each event's data. */
  mediaType?: 'application/json' | 'text/event-stream'
  /** The 422 body when it is more than the error envelope. */
  unprocessable?: { description: string; schema: z.ZodType }
  /** A sample call and its answer (a unit test parses them with the schemas above). */
  examples?: examples.OperationExamples
}

export const getPortfolio = {
  id: 'getPortfolio',
  method: 'GET',
  path: '/accounts/{userAddress}/portfolio',
  summary: 'Locked and unlocked balances per token, aggregated and per chain, read live from each chain.',
  description: [
    'Reads every supported chain in parallel (one Multicall3 call per chain, at one block) and groups tokens by ' +
      'asset: ETH (native and WETH), USDC, USDT (USDT0 outside Ethereum). `blocks` names the block each chain was ' +
      'read at; a chain that did not answer is left out and named in `warnings`.',
    'A filter naming chains this deployment does not serve (`@rhinestone/sdk` asks for every chain it knows) ' +
      'is answered for the served ones; the others are left out and named in `unsupportedChainIds` and in the ' +
      '`x-unsupported-chains` header.',
    portfolioGuide,
  ].join('\n\n'),
  scope: 'portfolio:read',
  parameters: portfolioQuerySchema,
  response: portfolioResponseSchema,
  examples: examples.portfolioExamples,
} as const satisfies Operation

export const getIntentRoute = {
  id: 'getIntentRoute',
  method: 'POST',
  path: '/intents/route',
  summary: 'A signable route for the tokens wanted on a destination chain, priced from live chain state.',
  description: [
    'Plans the cheapest signable route under the fee model: one signing scheme per route (COMPACT, PERMIT2 or the ' +
      'intent executor) and one element per source chain. `tokenRequirements` lists what the account must do first ' +
      '(a Permit2 approval, wrapping ETH). When the account cannot cover the request the answer is ' +
      "`422 Insufficient balance` (the client's InsufficientBalanceError), with the figures a route would carry in " +
      '`errors[0].context.intentCost` (`tokenShortfall`, `totalTokenShortfallInUSD`).',
    routeGuide,
  ].join('\n\n'),
  scope: 'routes:create',
  body: routeRequestSchema,
  response: routeResponseSchema,
  unprocessable: {
    description:
      'Insufficient balance (the account cannot cover the request: `errors[0].context.intentCost` holds ' +
      'the shortfall), No Path Found, or a route this deployment cannot settle (`code` says which)',
    schema: z.union([insufficientBalanceSchema, errorEnvelopeSchema]),
  },
  examples: examples.intentRouteExamples,
} as const satisfies Operation

export const listRoutes = {
  id: 'listRoutes',
  method: 'GET',
  path: '/accounts/{userAddress}/routes',
  summary: 'Routes issued for an account, newest first, as summaries, with cursor pagination.',
  description:
    'Every route issued to this key for the account, summarised: what it delivers, from which chains, the fee, ' +
    'the signing scheme, its status (joined with the submitted intent) and a `requestKey` shared by re-requests ' +
    'of the same request. Each summary is at most 2,560 bytes of JSON, so a page of 100 stays under 256 KiB ' +
    'whatever was stored; read a route in full at /accounts/{userAddress}/routes/{nonce}. Pass `nextCursor` back ' +
    'as `cursor` for the next page.',
  scope: 'routes:read',
  parameters: routeHistoryQuerySchema,
  response: routeHistoryResponseSchema,
  examples: examples.routeHistoryExamples,
} as const satisfies Operation

export const getStoredRoute = {
  id: 'getStoredRoute',
  method: 'GET',
  path: '/accounts/{userAddress}/routes/{nonce}',
  summary:
    'One route issued for an account, in full: the request, the route as issued, whether it expired and its status.',
  description:
    "The same access as the list: only a route this key issued for this account (the dashboard's browser key: " +
    'one the signed-in wallet built in the dashboard); any other nonce is a 404, whether or not it exists, and a ' +
    'malformed nonce a 400 naming `nonce`. The route is what /intents/route answered, with the same server ' +
    "signature (routes are stored unsigned and signed again on the way out; after a change of the server's key, " +
    'by the new key); `request` is the validated request (unknown fields dropped), which can be posted to ' +
    '/intents/route again for a fresh route.',
  scope: 'routes:read',
  parameters: storedRouteParamsSchema,
  response: storedRouteResponseSchema,
  examples: examples.storedRouteExamples,
} as const satisfies Operation

export const submitIntent = {
  id: 'submitIntent',
  method: 'POST',
  path: '/intent-operations',
  summary:
    'Submit a signed route for settlement. Only a route this service issued to the same key, unchanged, ' +
    'unexpired, not yet submitted and signed by its sponsor over the typed data the client builds is accepted ' +
    '(201); a second submission is 409. options.dryRun checks everything and runs nothing.',
  description: [
    'Send the route exactly as issued, with one origin signature per element (the sponsor over the typed data ' +
      'the client builds). The answer carries the intent id to poll at /intent-operation/{id}.',
    submitGuide,
  ].join('\n\n'),
  scope: 'routes:create',
  body: submitIntentBodySchema,
  response: submitIntentResponseSchema,
  examples: examples.submitIntentExamples,
} as const satisfies Operation

export const getIntentOpStatus = {
  id: 'getIntentOpStatus',
  method: 'GET',
  path: '/intent-operation/{id}',
  summary:
    'Status of a submitted intent: per-chain claims with transaction hashes and times, the fill, failureReason ' +
    'and refunds on failure.',
  description:
    'Poll until the status is COMPLETED or FAILED. Claims are per origin chain; the fill is on the destination ' +
    'chain. The status moves PENDING → CLAIMED (escrowed; unlocked funds only) → FILLED (delivered) → COMPLETED ' +
    '(the filler paid against the attestation of its fill), or ends FAILED with a `failureReason` and, where an ' +
    'escrow held funds, `refunds` (PENDING until 300 s after the fill deadline, then COMPLETED with the refund ' +
    'transaction) (an intent not filled before its deadline ends FAILED with `failureReason: "expired: …"` and ' +
    "`expired: true`). An unknown id is a 404 (`No such intent with nonce …`, the client's IntentNotFoundError).",
  scope: 'routes:read',
  parameters: intentIdSchema,
  response: intentStatusResponseSchema,
  examples: examples.intentStatusExamples,
} as const satisfies Operation

export const streamIntentOpStatus = {
  id: 'streamIntentOpStatus',
  method: 'GET',
  path: '/intent-operation/{id}/events',
  summary:
    "The status of a submitted intent pushed as Server-Sent Events: the dashboard's own way to follow an intent " +
    "(not part of the SDK's API; /intent-operation/{id} stays the read to poll).",
  description:
    'Answers `text/event-stream`. Each `status` event carries in `data` exactly what /intent-operation/{id} ' +
    'answers: the current status at once, then each change; the stream ends after the event that is COMPLETED or ' +
    'FAILED. The same key and the same refusals as the status read (401, 404 before any event). A comment line ' +
    "comes every 15 s when nothing changed, and a stream ends after 10 minutes: come back with the last event's " +
    'id in `Last-Event-ID` (the status is sent again only when it changed since).',
  scope: 'routes:read',
  parameters: intentIdSchema,
  response: intentStatusResponseSchema,
  mediaType: 'text/event-stream',
  examples: examples.intentStatusExamples,
} as const satisfies Operation

export const listIntents = {
  id: 'listIntents',
  method: 'GET',
  path: '/accounts/{userAddress}/intents',
  summary: 'Intents this key submitted for an account, newest first, with their statuses (cursor pagination).',
  description: 'The same rows as /intent-operation/{id}, for every intent this key submitted for the account.',
  scope: 'routes:read',
  parameters: intentListQuerySchema,
  response: intentListResponseSchema,
  examples: examples.intentListExamples,
} as const satisfies Operation

export const splitIntents = {
  id: 'splitIntents',
  method: 'POST',
  path: '/intents/split',
  summary:
    "How wanted amounts on a chain split into intents the filler's inventory there can fill. When it cannot fill " +
    "them all: 422 { error: 'INSUFFICIENT_LIQUIDITY', availableIntents, unfillable, traceId }.",
  description:
    'Splits each wanted amount into intents no larger than what the filler holds on that chain, so each intent ' +
    'can be filled on its own.',
  scope: 'routes:create',
  body: splitRequestSchema,
  response: splitResponseSchema,
  unprocessable: {
    description: "The filler's inventory cannot fill every amount: what it can fill, and what is left",
    schema: insufficientLiquiditySchema,
  },
  examples: examples.splitExamples,
} as const satisfies Operation

export const getChains = {
  id: 'getChains',
  method: 'GET',
  path: '/chains',
  summary: 'The chains served, each with the tokens routes can move there.',
  description: 'Chain ids as keys; each with its name and the tokens it serves (symbol, address, decimals).',
  scope: 'portfolio:read',
  response: chainsResponseSchema,
  examples: examples.chainsExamples,
} as const satisfies Operation

export const getPrices = {
  id: 'getPrices',
  method: 'GET',
  path: '/prices',
  summary: 'The USD feed answers routes and the dashboard are priced with.',
  description:
    'The Chainlink-style feed answers on Ethereum (8 decimals) by asset, with the time each was updated: the ' +
    'prices routes are priced with. A feed older than `PRICE_MAX_AGE_SECONDS` is refused with a 503 rather than ' +
    'used.',
  scope: 'portfolio:read',
  response: pricesResponseSchema,
  examples: examples.pricesExamples,
} as const satisfies Operation

export const getSettlementTimes = {
  id: 'getSettlementTimes',
  method: 'GET',
  path: '/settlement-times',
  summary: 'How long intents took to settle, per destination chain, measured.',
  description:
    'Submission to COMPLETED, measured over the intents that completed in the last 24 hours (the latest 500), ' +
    'per destination chain: the sample count, the median and the 90th percentile in seconds. The dashboard shows ' +
    'the median as its ETA once a chain has 3 samples, else an estimate from block times.',
  scope: 'portfolio:read',
  response: settlementTimesResponseSchema,
  examples: examples.settlementTimesExamples,
} as const satisfies Operation

export const getSigner = {
  id: 'getSigner',
  method: 'GET',
  path: '/signer',
  summary: 'The address that signs every route (serverSignature). No key needed.',
  description: 'Check `intentOp.serverSignature` against this address before you sign a route.',
  scope: null,
  response: signerResponseSchema,
  examples: examples.signerExamples,
} as const satisfies Operation

export const getOpenApi = {
  id: 'getOpenApi',
  method: 'GET',
  path: '/openapi.json',
  summary: 'This document. No key needed.',
  description:
    'Generated from the same zod schemas the handlers validate with, so it cannot drift from what they accept.',
  scope: null,
  response: z.record(z.string(), z.unknown()),
  examples: examples.openApiExamples,
} as const satisfies Operation

export const getSignInNonce = {
  id: 'getSignInNonce',
  method: 'GET',
  path: '/auth/nonce',
  summary:
    'A single-use nonce (valid 5 minutes) for a Sign-In with Ethereum (EIP-4361) message. No key needed; counted ' +
    'per client address.',
  description:
    'Put the nonce in the EIP-4361 message you ask the wallet to sign, then POST the message and signature to ' +
    '/auth/session.',
  scope: null,
  response: nonceResponseSchema,
  examples: examples.signInNonceExamples,
} as const satisfies Operation

export const createSession = {
  id: 'createSession',
  method: 'POST',
  path: '/auth/session',
  summary:
    "Sign in with Ethereum: the EIP-4361 message (this host's domain, a nonce from /auth/nonce) and the wallet's " +
    "signature. Sets an httpOnly SameSite=Strict session cookie; with it the dashboard's browser key may build " +
    'routes, submit and read history for that wallet only.',
  description: 'The answer names the signed-in wallet and when the session ends.',
  scope: null,
  body: signInBodySchema,
  response: sessionResponseSchema,
  examples: examples.createSessionExamples,
} as const satisfies Operation

export const getSession = {
  id: 'getSession',
  method: 'GET',
  path: '/auth/session',
  summary: 'The wallet signed in on this browser (address null when none).',
  description: 'Read by the dashboard on load to show who is signed in.',
  scope: null,
  response: sessionResponseSchema,
  examples: examples.getSessionExamples,
} as const satisfies Operation

export const deleteSession = {
  id: 'deleteSession',
  method: 'DELETE',
  path: '/auth/session',
  summary: 'Sign out: ends the session and clears its cookie.',
  description: 'Answers the empty session.',
  scope: null,
  response: sessionResponseSchema,
  examples: examples.deleteSessionExamples,
} as const satisfies Operation

export const operations: readonly Operation[] = [
  getPortfolio,
  getIntentRoute,
  listRoutes,
  getStoredRoute,
  submitIntent,
  getIntentOpStatus,
  streamIntentOpStatus,
  listIntents,
  splitIntents,
  getChains,
  getPrices,
  getSettlementTimes,
  getSigner,
  getOpenApi,
  getSignInNonce,
  createSession,
  getSession,
  deleteSession,
]

export { errorEnvelopeSchema }
