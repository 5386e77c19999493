import { chmodSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { ensureDemoApiKey } from './demoApiKey'

// The key store as far as the demo key uses it: keys it issued are found, others are not.
const issued = new Set<string>()
let made = 0
vi.mock('../storage/apiKeyStore', () => ({
  createApiKey: async () => {
    const key = `ir_demodemode_${String(made++).padStart(43, 's')}`
    issued.add(key)
    return { key }
  },
  findApiKey: async (_sql: unknown, key: string) => (issued.has(key) ? { name: 'demo' } : undefined),
}))
const sql = { query: async () => [] }

describe('ensureDemoApiKey', () => {
  it('keeps the key in a file only its owner can read, the same key across restarts', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ir-demo-key-')), '.devnet')
    const file = join(dir, 'demo-api-key')
    const key = await ensureDemoApiKey(sql, dir)
    expect(readFileSync(file, 'utf8')).toBe(`${key}\n`)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    chmodSync(file, 0o644)
    expect(await ensureDemoApiKey(sql, dir)).toBe(key)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    issued.clear() // the database was reset: a new key, in the same file
    const next = await ensureDemoApiKey(sql, dir)
    expect(next).not.toBe(key)
    expect(readFileSync(file, 'utf8')).toBe(`${next}\n`)
  })
})
