// The warning an answer carries for each chain it had to leave out (the portfolio's and the route's).
import { z } from 'zod'

export const chainWarningsSchema = z
  .array(z.object({ code: z.literal('CHAIN_UNAVAILABLE'), chainId: z.number().int(), message: z.string() }))
  .describe('Chains that did not answer and were left out; the same chain ids are in the x-unavailable-chains header')
