import { validationError } from '@/lib/api/errorEnvelope'
import { getPortfolio as operation } from '@/lib/api/operations'
import { serializePortfolio } from '@/lib/api/portfolio'
import { getPortfolio } from '@/lib/core/portfolio/getPortfolio'
import { requireCaller } from '@/lib/server/caller'
import { serverContext } from '@/lib/server/context'
import { handle, jsonWithWarnings, methodNotAllowed } from '@/lib/server/http'

export const GET = handle<{ userAddress: string }>(async (request, context) => {
  const ctx = serverContext()
  await requireCaller(request, operation.scope, context)
  const search = Object.fromEntries(new URL(request.url).searchParams)
  const query = operation.parameters.safeParse({ ...search, userAddress: (await context.params).userAddress })
  if (!query.success) throw validationError(query.error)
  const { entries, warnings, blocks } = await getPortfolio({
    ...query.data,
    account: query.data.userAddress,
    readers: ctx.readers,
    lockTags: ctx.lockTags,
    cache: { balances: ctx.caches.balances, maxAgeMs: ctx.caches.balanceMaxAgeMs },
  })
  return jsonWithWarnings(serializePortfolio(entries, warnings, blocks), warnings)
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(['GET'])
