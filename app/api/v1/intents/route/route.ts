import type { z } from 'zod'
import { getIntentRoute as operation } from '@/lib/api/operations'
import { requireAccount } from '@/lib/server/accountAccess'
import { handle, serve } from '@/lib/server/handle'
import { jsonWithWarnings } from '@/lib/server/http'
import { issueRoute } from '@/lib/server/issueRoute'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation }, async ({ body, caller }) => {
    requireAccount(caller, body.account.address, { task: 'build routes', field: 'account.address' })
    const route: z.input<typeof operation.response> = await issueRoute(body, caller) // the documented shape, checked at compile time
    return jsonWithWarnings(route, route.warnings)
  }),
)
