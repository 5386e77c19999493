// One process per embedded database folder: a second opener, in this process or another, is
// refused with what to do, and the folder is free again once its holder closes or dies.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FolderInUseError } from './folderLock'
import { hostPglite } from './hostPglite'
import { openDatabase } from './openDatabase'

const root = mkdtempSync(join(tmpdir(), 'ir-folder-lock-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the embedded database folder', () => {
  it('is refused to a second opener while the first has it, and free once it is closed', {
    timeout: 60_000,
  }, async () => {
    const dir = join(root, 'twice')
    const first = await openDatabase({ pgliteDir: dir })
    await first.query('CREATE TABLE kept (n int)')
    await first.query('INSERT INTO kept VALUES (1)')
    const second = await openDatabase({ pgliteDir: dir }).catch((e: unknown) => e)
    expect(second).toBeInstanceOf(FolderInUseError)
    expect(String(second)).toContain('is open in another process')
    await expect(hostPglite({ dir })).rejects.toBeInstanceOf(FolderInUseError)
    await first.close()
    const again = await openDatabase({ pgliteDir: dir })
    expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 1 }])
    await again.close()
  })

  it('is refused while another process serves it, and free once that process exits', { timeout: 60_000 }, async () => {
    const dir = join(root, 'served')
    const script = `import { hostPglite } from ${JSON.stringify(join(import.meta.dirname, 'hostPglite.ts'))}
      await hostPglite({ dir: ${JSON.stringify(dir)} }); console.log('serving')`
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => d.toString().includes('serving') && resolve())
        child.once('exit', (code) => reject(new Error(`the serving process exited (${code})`)))
      })
      await expect(openDatabase({ pgliteDir: dir })).rejects.toBeInstanceOf(FolderInUseError)
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    // Its lock went with it (released on exit), so the folder opens at once.
    const db = await openDatabase({ pgliteDir: dir })
    await db.close()
  })
})
