// The embedded database's files hold every key hash, route and session: its data folder is this
// user's alone (0700, files go-rwx), even though PGlite writes its initdb files as 0666.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './openDatabase'

const root = mkdtempSync(join(tmpdir(), 'ir-private-folder-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Every path under dir whose mode gives group or others any access. */
function openToOthers(dir: string): string[] {
  const found: string[] = []
  const walk = (path: string) => {
    if ((statSync(path).mode & 0o077) !== 0) found.push(path)
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry))
  }
  walk(dir)
  return found
}

describe('the embedded database folder', { timeout: 90_000 }, () => {
  it('is 0700 with no file open to group or others once opened', async () => {
    const dir = join(root, 'fresh')
    const sql = await openDatabase({ pgliteDir: dir })
    await sql.close()
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(openToOthers(dir)).toEqual([])
  })

  it('tightens a folder and files left open by an earlier run', async () => {
    const dir = join(root, 'loose')
    await (await openDatabase({ pgliteDir: dir })).close()
    chmodSync(dir, 0o755)
    writeFileSync(join(dir, 'leftover'), 'x', { mode: 0o666 })
    chmodSync(join(dir, 'leftover'), 0o666)
    const sql = await openDatabase({ pgliteDir: dir })
    await sql.close()
    expect(openToOthers(dir)).toEqual([])
  })

  it('refuses a data folder another user owns, touching nothing', async () => {
    let dir = '/'
    if (process.getuid?.() === 0) {
      dir = join(root, 'theirs')
      mkdirSync(dir, { mode: 0o755 })
      chownSync(dir, 65534, 65534)
    }
    const before = statSync(dir).mode
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(/belongs to another user/)
    expect(statSync(dir).mode).toBe(before)
  })
})
