import { listRoutes as operation } from '@/lib/api/operations'
import { requireAccount } from '@/lib/server/accountAccess'
import { handle, serve } from '@/lib/server/handle'
import { routeHistory } from '@/lib/server/routeHistory'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async ({ params, caller }) => {
    requireAccount(caller, params.userAddress, { task: 'read route history', field: 'userAddress' })
    return routeHistory(params.userAddress, caller, params)
  }),
)
