import { getSignInNonce as operation } from '@/lib/api/operations'
import { requireClientBudget } from '@/lib/server/caller'
import { database } from '@/lib/server/database'
import { handle, methodNotAllowed } from '@/lib/server/http'
import { NONCE_TTL_SECONDS } from '@/lib/server/signIn'
import { issueNonce } from '@/lib/storage/sessionStore'

export const GET = handle(async (request, context) => {
  await requireClientBudget(request, context)
  const { nonce, expiresAt } = await issueNonce(await database(), NONCE_TTL_SECONDS)
  return Response.json(operation.response.parse({ nonce, expiresAt: expiresAt.toISOString() }))
})

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(['GET'])
