// The addresses the README and docs/ name are facts the code holds: each one is in the source (a
// contract's place, an account, a feed), so a moved contract cannot leave a stale address in the docs.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const ADDRESS = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
}

const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

describe('addresses in the README and docs/', () => {
  const code = sources('lib').map((file) => readFileSync(file, 'utf8').toLowerCase())
  const inCode = (address: string) => code.some((text) => text.includes(address.toLowerCase().slice(2)))

  it.each(docs)('%s names only addresses the code holds', (doc) => {
    const named = [...readFileSync(join(root, doc), 'utf8').matchAll(ADDRESS)].map((m) => m[0])
    expect(named.filter((address) => !inCode(address))).toEqual([])
  })
})
