import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileContracts } from './compile'

describe('devnet contract artifacts', () => {
  it('are exactly what solc-js builds from the committed sources', () => {
    const committed = readFileSync(join(import.meta.dirname, 'artifacts.ts'), 'utf8')
    expect(compileContracts()).toBe(committed)
  })
})
