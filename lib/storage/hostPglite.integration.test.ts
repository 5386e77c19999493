// The embedded database's socket server has no authentication, so it must be reachable only by this
// user: a Unix socket in a 0700 folder, no TCP port.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { hostPglite } from './hostPglite'
import { openDatabase } from './openDatabase'

const root = mkdtempSync(join(tmpdir(), 'ir-host-pglite-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('hostPglite', { timeout: 60_000 }, () => {
  it('serves on a Unix socket in a folder only this user may enter, and nowhere on TCP', async () => {
    const host = await hostPglite({ dir: join(root, 'a') })
    try {
      const url = new URL(host.url)
      expect(url.searchParams.get('host')).toBe(host.socketDir)
      expect(statSync(host.socketDir).mode & 0o777).toBe(0o700)
      expect(statSync(join(host.socketDir, '.s.PGSQL.5432')).mode & 0o777).toBe(0o600)
      const sql = await openDatabase({ url: host.url })
      expect(await sql.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }])
      await sql.close()
    } finally {
      await host.stop()
    }
  })

  it('tightens a socket folder that was left open, and replaces a stale socket file', async () => {
    const socketDir = join(root, 'b-socket')
    mkdirSync(socketDir, { mode: 0o755 })
    writeFileSync(join(socketDir, '.s.PGSQL.5432'), '') // a killed run's leftover
    const host = await hostPglite({ dir: join(root, 'b'), socketDir })
    try {
      expect(statSync(socketDir).mode & 0o777).toBe(0o700)
      const sql = await openDatabase({ url: host.url })
      expect(await sql.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }])
      await sql.close()
    } finally {
      await host.stop()
    }
  })

  it('refuses to start over a running server on the same socket', async () => {
    const first = await hostPglite({ dir: join(root, 'c') })
    try {
      await expect(hostPglite({ dir: join(root, 'c2'), socketDir: first.socketDir })).rejects.toThrow(/already serves/)
    } finally {
      await first.stop()
    }
  })
})
