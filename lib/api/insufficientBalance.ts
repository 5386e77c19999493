// The 422 POST /intents/route answers when the account cannot cover the request: the message
// `Insufficient balance` (what @rhinestone/sdk turns into its InsufficientBalanceError) and, in
// errors[0].context, the figures a route would have carried: its intentCost with the shortfall.
import { z } from 'zod'
import { errorEnvelopeSchema } from './errorEnvelope'
import { warningsSchema } from './portfolio'
import { intentCostSchema } from './routeResponse'

export const insufficientBalanceContextSchema = z.object({
  intentCost: intentCostSchema.describe('What the route would cost; tokenShortfall says per token what is missing'),
  warnings: warningsSchema.optional().describe('Source chains that did not answer and were planned without'),
})

export type InsufficientBalanceContext = z.infer<typeof insufficientBalanceContextSchema>

const message = z.literal('Insufficient balance')

export const insufficientBalanceSchema = errorEnvelopeSchema.extend({
  message,
  code: z.literal('INSUFFICIENT_BALANCE'),
  errors: z.tuple([z.object({ message, context: insufficientBalanceContextSchema })]),
})

/** The shortfall an error body carries, when it is an Insufficient balance answer. */
export function insufficientBalanceOf(body: unknown): InsufficientBalanceContext | undefined {
  const parsed = insufficientBalanceSchema.safeParse(body)
  return parsed.success ? parsed.data.errors[0].context : undefined
}
