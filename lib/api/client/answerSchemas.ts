// Every schema the dashboard checks its API's answers against, in one module that is only ever
// imported dynamically (fetchApi.ts, answerSchemas()): zod and the schemas load with the first
// answer a page checks, not with the page's own JavaScript, so they do not hold its first paint back.
import { errorEnvelopeSchema } from '../errorEnvelope'

export { nonceResponseSchema, sessionResponseSchema } from '../auth'
export { insufficientBalanceOf } from '../insufficientBalance'
export { intentListResponseSchema, intentStatusResponseSchema, submitIntentResponseSchema } from '../intentOperation'
export { portfolioResponseSchema } from '../portfolio'
export { pricesResponseSchema } from '../prices'
export { routeHistoryResponseSchema, storedRouteResponseSchema } from '../routeHistory'
export { signerResponseSchema } from '../routeResponse'
export { settlementTimesResponseSchema } from '../settlementTimes'
export { inspectedRouteSchema } from './inspectedRoute'

/** An error body as read: `code` may be missing from a server that predates it. */
export const receivedEnvelopeSchema = errorEnvelopeSchema.partial({ code: true })
