// Runs before every request (Next's proxy): security headers and a fresh CSP nonce for pages, the
// CORS policy and preflight answers for the API. Next reads the nonce from the request's CSP.
import { NextResponse, type NextRequest } from 'next/server'
import { chains } from '@/lib/core/chains/chains'
import { dashboardEnvSchema, readEnv } from '@/lib/config/env'
import { apiHeaders, apiPreflightHeaders, connectOriginsOf, contentSecurityPolicy, pageHeaders } from '@/lib/server/securityHeaders'

const dev = process.env.NODE_ENV !== 'production'
let connectOrigins: string[] | undefined

export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith('/api/')) {
    if (request.method === 'OPTIONS') return new NextResponse(null, { status: 204, headers: apiPreflightHeaders })
    const response = NextResponse.next()
    for (const [name, value] of Object.entries(apiHeaders)) response.headers.set(name, value)
    return response
  }
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
  return response
}

export const config = {
  // Static assets need none of this.
  matcher: ['/((?!_next/static|_next/image|icon.svg).*)'],
}
