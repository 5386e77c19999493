// One process at a time per embedded database folder. PGlite takes no lock of its own: two
// processes that open one folder each keep their own copy of the database in memory and overwrite
// each other's files (`npm start` without DATABASE_URL beside `npm run dev`, say). So whoever opens
// a folder — the process that serves it on a socket (hostPglite) or one that opens it for itself
// (openDatabase) — holds `<folder>.lock` while it has it open (proper-lockfile: a lock directory
// whose time the holder renews; one not renewed for STALE_MS, its holder killed, is taken over).
import { PGlite } from '@electric-sql/pglite'
import lockfile from 'proper-lockfile'
import { devDatabaseUrlFile } from './devDatabaseUrl'
import { privateTree } from './privateFolder'

const STALE_MS = 10_000

export class FolderInUseError extends Error {}

/** Locks the folder (which must exist) for this process; resolves with its release. */
async function lockFolder(dir: string, what: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dir, {
      stale: STALE_MS,
      update: STALE_MS / 4,
      // A holder whose lock could not be renewed (its event loop stalled past STALE_MS) may have lost
      // it to another process: said loudly, without taking this process down.
      onCompromised: (error) =>
        console.error(
          `${what} in ${dir}: its lock was lost (${error.message}); another process may have opened the folder`,
        ),
    })
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error
    throw new FolderInUseError(
      `${what} in ${dir} is open in another process (PGlite lets only one ` +
        `process hold a folder). While \`npm run dev\` runs, reach it through the ` +
        `socket it serves (DATABASE_URL: the URL in ${devDatabaseUrlFile(dir)}); ` +
        `if the process that had it was killed, try again in ${STALE_MS / 1000} s.`,
    )
  }
}

/** The embedded database in `dir`, kept private (0700) and locked to this process; `close` closes it
 * and releases the folder. What hostPglite serves and openDatabase opens in-process. */
export async function openPgliteFolder(dir: string): Promise<{ db: PGlite; close: () => Promise<void> }> {
  privateTree(dir, "the embedded database's data")
  const release = await lockFolder(dir, 'The embedded database')
  let db: PGlite
  try {
    db = await PGlite.create(dir)
  } catch (error) {
    await release()
    throw error
  }
  privateTree(dir, "the embedded database's data") // what initdb just wrote ignores the umask
  return {
    db,
    close: async () => {
      try {
        await db.close()
      } finally {
        await release()
      }
    },
  }
}
