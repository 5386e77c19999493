// docs/operating.md's configuration table states what the environment schemas hold: every
// variable a process reads is in it, and nothing in it is read by nobody.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { chainIds } from '../core/chains/chains'
import * as env from './env'

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8')

/** Every variable the schemas read (a name per chain for the `_<chainId>` families). */
function schemaVariables(): Set<string> {
  const names = new Set<string>()
  for (const schema of Object.values(env)) {
    const shape = (schema as { shape?: Record<string, unknown> }).shape
    if (shape) for (const key of Object.keys(shape)) names.add(key)
  }
  return names
}

/** The names in the first column of the table's rows, `<chainId>` expanded to every served chain. */
function documentedVariables(): Set<string> {
  const names = new Set<string>()
  for (const line of read('docs/operating.md').split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? ''
    for (const [, name = ''] of first.matchAll(/`([A-Z][A-Z0-9_]*(?:<chainId>)?)`/g)) {
      if (name.endsWith('<chainId>')) for (const id of chainIds) names.add(name.replace('<chainId>', String(id)))
      else names.add(name)
    }
  }
  return names
}

/** Read outside the schemas: the build directory (next.config.mjs) and the server processes (serve.mjs). */
const readElsewhere = { NEXT_DIST_DIR: 'next.config.mjs', WEB_CONCURRENCY: 'serve.mjs' } as const

describe('docs/operating.md configuration table', () => {
  it('names every variable the environment schemas read', () => {
    const documented = documentedVariables()
    expect([...schemaVariables()].filter((name) => !documented.has(name))).toEqual([])
  })

  it('names nothing that no process reads', () => {
    const read = schemaVariables()
    const unread = [...documentedVariables()].filter((name) => !read.has(name) && !(name in readElsewhere))
    expect(unread).toEqual([])
  })

  it.each(Object.entries(readElsewhere))('%s is read where the table says: %s', (name, file) => {
    expect(read(file)).toContain(`process.env.${name}`)
  })
})
