// While `npm run dev` hosts the embedded database, it leaves its URL here for other local tools.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

export const devDatabaseUrlFile = (pgliteDir: string) => join(dirname(pgliteDir), 'dev-database-url')

export function publishDevDatabaseUrl(pgliteDir: string, url: string): () => void {
  const file = devDatabaseUrlFile(pgliteDir)
  writeFileSync(file, `${url}\n`, { mode: 0o600 })
  return () => rmSync(file, { force: true })
}

export function readDevDatabaseUrl(pgliteDir: string): string | undefined {
  const file = devDatabaseUrlFile(pgliteDir)
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined
}
