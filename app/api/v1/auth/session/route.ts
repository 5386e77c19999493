import { createSession, deleteSession, getSession } from '@/lib/api/operations'
import { withAuthFailureBudget } from '@/lib/server/caller'
import { handle, serve } from '@/lib/server/handle'
import { clearedSessionCookie, currentSession, endSession, servedOverHttps, sessionCookie } from '@/lib/server/session'
import { signIn } from '@/lib/server/signIn'

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(
  handle({ operation: createSession, clientBudget: true }, async ({ request, body, client }) => {
    // handle() reads the client address for a keyless operation that spends the client's budget.
    if (client === undefined) throw new Error('createSession ran without the client address its budget needs')
    const session = await withAuthFailureBudget(client, 'sign-in', () =>
      signIn({ message: body.message, signature: body.signature }),
    )
    const response = Response.json({ address: session.address, expiresAt: session.expiresAt.toISOString() })
    response.headers.append(
      'set-cookie',
      sessionCookie(session.token, session.expiresAt, servedOverHttps(request.headers)),
    )
    return response
  }),
  handle({ operation: getSession, clientBudget: true }, async ({ request }) => {
    const session = await currentSession(request.headers)
    return { address: session?.address ?? null, expiresAt: session?.expiresAt.toISOString() ?? null }
  }),
  handle({ operation: deleteSession, clientBudget: true }, async ({ request }) => {
    await endSession(request.headers)
    const response = Response.json({ address: null, expiresAt: null })
    response.headers.append('set-cookie', clearedSessionCookie(servedOverHttps(request.headers)))
    return response
  }),
)
