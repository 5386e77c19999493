import { getSignInNonce as operation } from '@/lib/api/operations'
import { database } from '@/lib/server/database'
import { handle, serve } from '@/lib/server/handle'
import { NONCE_TTL_SECONDS } from '@/lib/server/signIn'
import { issueNonce } from '@/lib/storage/sessionStore'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation, clientBudget: true }, async () => {
    const { nonce, expiresAt } = await issueNonce(await database(), NONCE_TTL_SECONDS)
    return { nonce, expiresAt: expiresAt.toISOString() }
  }),
)
