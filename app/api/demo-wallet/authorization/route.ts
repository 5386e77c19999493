// The demo wallet's EIP-7702 authorization signer (devnet only; lib/server/demoAuthorization.ts).
import { demoAuthorizationRequestSchema } from '@/lib/api/demoAuthorization'
import { validationError } from '@/lib/api/errorEnvelope'
import { signDemoAuthorization } from '@/lib/server/demoAuthorization'
import { withEnvelope } from '@/lib/server/http'
import { readJsonBody } from '@/lib/server/jsonBody'

export const POST = withEnvelope(async (request) => {
  const parsed = demoAuthorizationRequestSchema.safeParse(await readJsonBody(request))
  if (!parsed.success) throw validationError(parsed.error)
  return Response.json(await signDemoAuthorization(parsed.data))
})
