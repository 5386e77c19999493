// The origin(s) the app is served at: what a Sign-In with Ethereum message must name (its domain
// and uri), so a signature obtained by another site is never redeemed here.

const LOOPBACK_OR_ANY = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '0.0.0.0', '::'])

/** APP_ORIGIN when set; else `http://HOST:PORT` — for a loopback or every-interface HOST, the
 * loopback names a browser on this machine uses (localhost, 127.0.0.1, [::1]). */
export function appOrigins(env: {
  APP_ORIGIN?: readonly string[] | undefined
  HOST?: string | undefined
  PORT?: number | undefined
}): string[] {
  if (env.APP_ORIGIN && env.APP_ORIGIN.length > 0) return [...env.APP_ORIGIN]
  const port = env.PORT ?? 3000
  const host = env.HOST ?? '127.0.0.1'
  const hosts = LOOPBACK_OR_ANY.has(host)
    ? ['localhost', '127.0.0.1', '[::1]']
    : [host.includes(':') ? `[${host}]` : host]
  return hosts.map((h) => `http://${h}:${port}`)
}
