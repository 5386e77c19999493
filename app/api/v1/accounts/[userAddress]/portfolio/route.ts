import { getPortfolio as operation } from '@/lib/api/operations'
import { serializePortfolio } from '@/lib/api/portfolio'
import { getPortfolio } from '@/lib/core/portfolio/getPortfolio'
import { serverContext } from '@/lib/server/context'
import { handle, serve } from '@/lib/server/handle'
import { jsonWithWarnings } from '@/lib/server/http'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async ({ params }) => {
    const ctx = serverContext()
    const { entries, warnings, blocks } = await getPortfolio({
      ...params,
      account: params.userAddress,
      readers: ctx.readers,
      lockTags: ctx.lockTags,
      cache: { balances: ctx.caches.balances, maxAgeMs: ctx.caches.balanceMaxAgeMs },
    })
    return jsonWithWarnings(serializePortfolio(entries, warnings, blocks), warnings)
  }),
)
