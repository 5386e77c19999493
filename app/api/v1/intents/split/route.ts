import { wireAmounts } from '@/lib/api/amount'
import { splitIntents as operation } from '@/lib/api/operations'
import { handle, serve } from '@/lib/server/handle'
import { splitByLiquidity } from '@/lib/server/liquidity'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async ({ body }) => {
    const intents = await splitByLiquidity(body.chainId, body.tokens)
    return { intents: intents.map(wireAmounts) }
  }),
)
