import { splitIntents as operation } from '@/lib/api/operations'
import { wireAmounts } from '@/lib/api/split'
import { handle, serve } from '@/lib/server/handle'
import { splitByLiquidity } from '@/lib/server/liquidity'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async ({ body, context }) => {
    const split = await splitByLiquidity(body.chainId, body.tokens)
    if (split.ok) return { intents: split.intents.map(wireAmounts) }
    // The client reads this 422 body as is (InsufficientLiquidityError).
    return Response.json(
      {
        error: 'INSUFFICIENT_LIQUIDITY',
        message: 'Not enough liquidity to fill every amount',
        availableIntents: split.availableIntents.map(wireAmounts),
        unfillable: wireAmounts(split.unfillable),
        traceId: context.traceId,
      },
      { status: 422 },
    )
  }),
)
