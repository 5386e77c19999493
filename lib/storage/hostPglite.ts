// Serves a PGlite database over the Postgres wire protocol on loopback, so the app, the keys CLI
// and tests can share one embedded database while `npm run dev` (or a test run) is up. PGlite
// multiplexes connections query by query: fine for a developer's machine, not for production.
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

export async function hostPglite(p: { dir: string; port?: number }): Promise<{ url: string; stop: () => Promise<void> }> {
  mkdirSync(p.dir, { recursive: true })
  const db = await PGlite.create(p.dir)
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: p.port ?? 0, maxConnections: 20 })
  await server.start()
  const conn = server.getServerConn() // host:port
  return {
    url: `postgres://postgres@${conn}/postgres?sslmode=disable`,
    stop: async () => {
      await server.stop()
      await db.close()
    },
  }
}
