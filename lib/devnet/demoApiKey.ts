// The demo API key: issued through the key store like any other key, and kept in .devnet/
// (git-ignored, mode 0600) so it stays the same across restarts while the database keeps it.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { scopes } from '../config/scopes'
import { createApiKey, findApiKey } from '../storage/apiKeyStore'
import type { Sql } from '../storage/sql'

export async function ensureDemoApiKey(sql: Pick<Sql, 'query'>, stateDir: string): Promise<string> {
  const file = join(stateDir, 'demo-api-key')
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined
  if (kept && (await findApiKey(sql, kept))) {
    chmodSync(file, 0o600) // the key is its owner's alone, whoever loosened the mode since
    return kept
  }
  const { key } = await createApiKey(sql, { name: 'demo', scopes })
  mkdirSync(stateDir, { recursive: true })
  writeFileSync(file, `${key}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return key
}
