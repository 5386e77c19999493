import type { z } from 'zod'
import { getIntentRoute as operation } from '@/lib/api/operations'
import { requireAccount } from '@/lib/server/accountAccess'
import { handle, serve } from '@/lib/server/handle'
import { jsonWithWarnings } from '@/lib/server/http'
import { issueRoute } from '@/lib/server/issueRoute'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async ({ body, caller }) => {
    requireAccount(caller, body.account.address, { task: 'build routes', field: 'account.address' })
    const { route, json } = await issueRoute(body, caller)
    const answer: z.input<typeof operation.response> = route // the documented shape, checked at compile time
    return jsonWithWarnings(answer, route.warnings, json)
  }),
)
