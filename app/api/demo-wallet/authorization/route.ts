// The demo wallet's EIP-7702 authorization signer (devnet only; lib/server/demoAuthorization.ts).
// Keyless like sign-in, so each call spends the client address's budget.
import { demoAuthorizationRequestSchema } from '@/lib/api/demoAuthorization'
import { validationError } from '@/lib/api/errorEnvelope'
import { requireClientBudget } from '@/lib/server/caller'
import { signDemoAuthorization } from '@/lib/server/demoAuthorization'
import { withEnvelope } from '@/lib/server/http'
import { readJsonBody } from '@/lib/server/jsonBody'

export const POST = withEnvelope(async (request, context) => {
  await requireClientBudget(request, context)
  const parsed = demoAuthorizationRequestSchema.safeParse(await readJsonBody(request))
  if (!parsed.success) throw validationError(parsed.error)
  return Response.json(await signDemoAuthorization(parsed.data))
})
