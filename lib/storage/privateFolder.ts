// Folders only this user may enter: the embedded database's data (PGlite writes its initdb files
// as 0666 whatever the umask) and its socket (pgliteServer.ts has no authentication).
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Creates `dir` if needed and makes it this user's alone (0700), refusing one owned by someone else. */
export function privateFolder(dir: string, what: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const owner = statSync(dir).uid
  if (process.getuid && owner !== process.getuid())
    throw new Error(`${dir} belongs to another user; ${what} needs a folder of its own`)
  chmodSync(dir, 0o700)
}

/** privateFolder, and every folder below it 0700 and every file without group or other access. */
export function privateTree(dir: string, what: string): void {
  privateFolder(dir, what)
  const tighten = (path: string) => {
    for (const entry of readdirSync(path)) {
      const child = join(path, entry)
      const stat = lstatSync(child)
      if (stat.isSymbolicLink()) continue
      if ((stat.mode & 0o077) !== 0) chmodSync(child, stat.isDirectory() ? 0o700 : stat.mode & 0o700)
      if (stat.isDirectory()) tighten(child)
    }
  }
  tighten(dir)
}
