// The devnet's demo API key: made once per checkout and kept in .devnet/ (git-ignored), so it
// stays the same across restarts.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateApiKey } from '../config/keyHash'

export function demoApiKey(stateDir: string): string {
  const file = join(stateDir, 'demo-api-key')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(stateDir, { recursive: true })
  const key = generateApiKey('ir_demo')
  writeFileSync(file, key + '\n', { mode: 0o600 })
  chmodSync(file, 0o600)
  return key
}
