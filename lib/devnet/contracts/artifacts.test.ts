import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileContracts, packagedPermit2CreationCode, permit2Module } from './compile'
import { permit2CreationCode } from './permit2'

describe('devnet contract artifacts', () => {
  // Two sources go through solc's IR pipeline, which takes several seconds in solc-js.
  it('are exactly what solc-js builds from the committed sources', { timeout: 120_000 }, () => {
    const committed = readFileSync(join(import.meta.dirname, 'artifacts.ts'), 'utf8')
    expect(compileContracts()).toBe(committed)
  })

  it("hold Permit2's creation code exactly as @uniswap/uniswapx-sdk publishes it", () => {
    expect(permit2CreationCode).toBe(packagedPermit2CreationCode())
    expect(readFileSync(join(import.meta.dirname, 'permit2.ts'), 'utf8')).toBe(permit2Module())
  })
})
