import type { Hex } from 'viem'
import { validationError } from '@/lib/api/errorEnvelope'
import { createSession as operation } from '@/lib/api/operations'
import { requireClientBudget, withAuthFailureBudget } from '@/lib/server/caller'
import { database } from '@/lib/server/database'
import { handle, methodNotAllowed } from '@/lib/server/http'
import { readJsonBody } from '@/lib/server/jsonBody'
import { clearedSessionCookie, currentSession, servedOverHttps, sessionCookie, sessionToken } from '@/lib/server/session'
import { signIn } from '@/lib/server/signIn'
import { deleteSession } from '@/lib/storage/sessionStore'

export const POST = handle(async (request, context) => {
  const client = await requireClientBudget(request, context)
  const parsed = operation.body.safeParse(await readJsonBody(request))
  if (!parsed.success) throw validationError(parsed.error)
  const { message, signature } = parsed.data
  const session = await withAuthFailureBudget(client, () => signIn({ message, signature: signature as Hex, host: request.headers.get('host') }))
  const response = Response.json({ address: session.address, expiresAt: session.expiresAt.toISOString() })
  response.headers.append('set-cookie', sessionCookie(session.token, session.expiresAt, servedOverHttps(request.headers)))
  return response
})

export const GET = handle(async (request, context) => {
  await requireClientBudget(request, context)
  const session = await currentSession(request.headers)
  return Response.json({ address: session?.address ?? null, expiresAt: session?.expiresAt.toISOString() ?? null })
})

export const DELETE = handle(async (request, context) => {
  await requireClientBudget(request, context)
  const token = sessionToken(request.headers)
  if (token) await deleteSession(await database(), token)
  const response = Response.json({ address: null, expiresAt: null })
  response.headers.append('set-cookie', clearedSessionCookie(servedOverHttps(request.headers)))
  return response
})

export const { PUT, PATCH, OPTIONS } = methodNotAllowed(['GET', 'POST', 'DELETE'])
