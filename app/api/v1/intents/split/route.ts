import { validationError } from '@/lib/api/errorEnvelope'
import { splitIntents as operation } from '@/lib/api/operations'
import { wireAmounts } from '@/lib/api/split'
import { requireCaller } from '@/lib/server/caller'
import { handle, methodNotAllowed } from '@/lib/server/http'
import { readJsonBody } from '@/lib/server/jsonBody'
import { splitByLiquidity } from '@/lib/server/liquidity'

export const POST = handle(async (request, context) => {
  await requireCaller(request, operation.scope, context)
  const parsed = operation.body.safeParse(await readJsonBody(request))
  if (!parsed.success) throw validationError(parsed.error)
  const split = await splitByLiquidity(parsed.data.chainId, parsed.data.tokens)
  if (split.ok) return Response.json({ intents: split.intents.map(wireAmounts) })
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
})

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(['POST'])
