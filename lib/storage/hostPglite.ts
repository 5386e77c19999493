// Serves a PGlite database over the Postgres wire protocol so the app, the filler, the keys CLI and
// tests can share one embedded database while `npm run dev` (or a test run) is up. The socket
// server (pgliteServer.ts) has no authentication, so it listens on a Unix socket in a folder only this user may
// enter (0700) — no TCP port at all, so no other local user's process can reach it. PGlite
// multiplexes connections query by query: fine for a developer's machine, not for production.
import { chmodSync, existsSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { openPgliteFolder } from './folderLock'
import { type PgliteServer, servePglite } from './pgliteServer'
import { privateTree } from './privateFolder'

/** node-postgres finds a server in directory D at D/.s.PGSQL.<port>, with the port from the URL. */
const SOCKET_PORT = 5432

export type HostedPglite = { url: string; socketDir: string; stop: () => Promise<void> }

export async function hostPglite(p: { dir: string; socketDir?: string; pinTimeoutMs?: number }): Promise<HostedPglite> {
  const socketDir = p.socketDir ?? `${p.dir.replace(/\/+$/, '')}-socket`
  privateTree(socketDir, "the embedded database's socket")
  const path = join(socketDir, `.s.PGSQL.${SOCKET_PORT}`)
  if (existsSync(path)) {
    if (await answers(path)) throw new Error(`another process already serves the embedded database at ${path}`)
    rmSync(path, { force: true }) // left behind by a run that was killed
  }
  const { db, close } = await openPgliteFolder(p.dir)
  // Each server process (serve.mjs) keeps a pool of up to 10, the filler, the attester and the keys
  // CLI their own: 256 serves ~24 server processes. PGlite runs one message at a time whatever the
  // count; a connection over the bound is told "Too many connections" and closed.
  const pin = p.pinTimeoutMs === undefined ? {} : { pinTimeoutMs: p.pinTimeoutMs }
  let server: PgliteServer | undefined
  try {
    server = await servePglite({ db, path, maxConnections: 256, ...pin })
    chmodSync(path, 0o600)
  } catch (error) {
    await server?.stop().catch(() => {})
    await close().catch(() => {})
    throw error
  }
  const serving = server
  return {
    url: pgliteSocketUrl(socketDir),
    socketDir,
    stop: async () => {
      try {
        await serving.stop()
        rmSync(path, { force: true })
      } finally {
        await close()
      }
    },
  }
}

/** The connection string node-postgres (and psql) read as "the Unix socket in this folder". */
export function pgliteSocketUrl(socketDir: string): string {
  return `postgres://postgres@localhost:${SOCKET_PORT}/postgres?host=${encodeURIComponent(socketDir)}&sslmode=disable`
}

function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
