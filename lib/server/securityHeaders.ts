// Response headers: a per-request nonce CSP and the usual hardening for pages, and the API's CORS
// policy. Any origin may call the API with its own key (no cookies are involved); the browser key
// only works from the app's own pages (see apiKeys.ts), so a permissive CORS policy gives it away to no one.

export type PageSecurityOptions = { nonce: string; dev: boolean; connectOrigins: readonly string[] }

export function contentSecurityPolicy({ nonce, dev, connectOrigins }: PageSecurityOptions): string {
  return [
    `default-src 'self'`,
    // 'strict-dynamic': scripts the nonce-bearing Next runtime loads are trusted; nothing else is.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? ` 'unsafe-eval'` : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src 'self' ${[...new Set(connectOrigins)].join(' ')}${dev ? ' ws: wss:' : ''}`.trim(),
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ')
}

export const pageHeaders: Record<string, string> = {
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
}

/** Sent only on answers to https requests (browsers ignore it over http anyway): two years, subdomains too. */
export const strictTransportSecurity = 'max-age=63072000; includeSubDomains'

/** What a cross-origin caller may read besides the body; the chains an answer left out among them. */
const exposed = 'x-trace-id, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset, ratelimit-policy'

export const apiHeaders: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': `${exposed}, x-unavailable-chains, x-unsupported-chains`,
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
}

export const apiPreflightHeaders: Record<string, string> = {
  ...apiHeaders,
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type, x-api-key, x-sdk-version, x-api-version, x-request-id',
  'access-control-max-age': '600',
}

/** Origins the page may fetch: the devnet nodes the demo wallet signs through, and each chain's public RPC. */
export function connectOriginsOf(urls: readonly string[]): string[] {
  return urls.flatMap((u) => {
    try {
      return [new URL(u).origin]
    } catch {
      return []
    }
  })
}
