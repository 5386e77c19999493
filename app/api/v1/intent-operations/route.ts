import { submitIntent as operation } from '@/lib/api/operations'
import { requireAccount } from '@/lib/server/accountAccess'
import { handle, serve } from '@/lib/server/handle'
import { submitIntent } from '@/lib/server/intents'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation, status: 201 }, async ({ body, caller }) => {
    requireAccount(caller, body.signedIntentOp.sponsor, { task: 'submit intents', field: 'signedIntentOp.sponsor' })
    return { result: await submitIntent(body.signedIntentOp, caller) }
  }),
)
