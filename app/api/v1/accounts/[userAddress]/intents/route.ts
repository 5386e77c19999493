import { listIntents as operation } from '@/lib/api/operations'
import { requireAccount } from '@/lib/server/accountAccess'
import { handle, serve } from '@/lib/server/handle'
import { intentHistory } from '@/lib/server/intents'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async ({ params, caller }) => {
    requireAccount(caller, params.userAddress, { task: 'read intents', field: 'userAddress' })
    return intentHistory(params.userAddress, caller, params)
  }),
)
