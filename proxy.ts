// Runs before every page request (Next's proxy): security headers and a fresh CSP nonce. Next reads
// the nonce from the request's CSP. API routes skip the proxy (it costs a third of their
// throughput): their CORS headers and preflight answers come from lib/server/http.ts.
import { type NextRequest, NextResponse } from 'next/server'
import { dashboardEnvSchema, readEnv } from '@/lib/config/env'
import { chains } from '@/lib/core/chains/chains'
import {
  connectOriginsOf,
  contentSecurityPolicy,
  pageHeaders,
  strictTransportSecurity,
} from '@/lib/server/securityHeaders'

const dev = process.env.NODE_ENV !== 'production'
let connectOrigins: string[] | undefined

export function proxy(request: NextRequest) {
  connectOrigins ??= connectOriginsOf([
    ...Object.values(readEnv(dashboardEnvSchema).DEMO_WALLET_RPC_URLS ?? {}),
    ...chains.flatMap((c) => c.viem.rpcUrls.default.http),
  ])
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64')
  const csp = contentSecurityPolicy({ nonce, dev, connectOrigins })
  const requestHeaders = new Headers(request.headers)
  requestHeaders.set('x-nonce', nonce)
  requestHeaders.set('content-security-policy', csp)
  const response = NextResponse.next({ request: { headers: requestHeaders } })
  response.headers.set('content-security-policy', csp)
  for (const [name, value] of Object.entries(pageHeaders)) response.headers.set(name, value)
  // Next fills x-forwarded-proto from the socket unless a proxy in front set it.
  if (request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https')
    response.headers.set('strict-transport-security', strictTransportSecurity)
  return response
}

export const config = {
  // Static assets need none of this; the API sets its own headers.
  matcher: ['/((?!api/|_next/static|_next/image|icon.svg).*)'],
}
