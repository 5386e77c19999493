// Runs once when the server starts: lets handlers know each request's real socket peer (see
// lib/server/socketPeer.ts) — the only client address a client cannot choose.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { stampSocketPeer } = await import('./lib/server/socketPeer')
    stampSocketPeer()
  }
}
