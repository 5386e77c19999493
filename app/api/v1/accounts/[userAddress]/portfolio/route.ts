import { getPortfolio as operation } from '@/lib/api/operations'
import { handle, serve } from '@/lib/server/handle'
import { portfolioResponse, readPortfolio } from '@/lib/server/portfolio'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async ({ params }) => {
    return portfolioResponse(await readPortfolio(params))
  }),
)
