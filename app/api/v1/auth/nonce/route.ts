import { getSignInNonce as operation } from '@/lib/api/operations'
import { handle, serve } from '@/lib/server/handle'
import { signInNonce } from '@/lib/server/session'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation, clientBudget: true }, async () => {
    const { nonce, expiresAt } = await signInNonce()
    return { nonce, expiresAt: expiresAt.toISOString() }
  }),
)
