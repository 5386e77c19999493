import { getPortfolio as operation } from '@/lib/api/operations'
import { handle, serve } from '@/lib/server/handle'
import { jsonWithWarnings } from '@/lib/server/http'
import { readPortfolio } from '@/lib/server/portfolio'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async ({ params }) => {
    const { body, warnings } = await readPortfolio(params)
    return jsonWithWarnings(body, warnings)
  }),
)
