import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chainIds } from '../../core/chains/chains'
import {
  compileContracts,
  packagedPermit2CreationCode,
  packagedSafeCreationCode,
  permit2Module,
  safeModule,
} from './compile'
import { permit2CreationCode } from './permit2'
import { safeCreationCode } from './safe'

const require = createRequire(import.meta.url)

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

  it(
    "hold Safe 1.4.1's creation code and the singleton factory's " +
      'presigned deployments as the packages publish them',
    () => {
      expect(safeCreationCode.safeL2).toBe(packagedSafeCreationCode('safeL2'))
      expect(readFileSync(join(import.meta.dirname, 'safe.ts'), 'utf8')).toBe(safeModule(chainIds))
    },
  )

  it('hold the Safe proxy creation code @rhinestone/sdk computes Safe addresses with', () => {
    const sdkSafe = readFileSync(join(dirname(require.resolve('@rhinestone/sdk')), 'accounts', 'safe.js'), 'utf8')
    expect(sdkSafe.match(/SAFE_PROXY_INIT_CODE = '(0x[0-9a-f]+)'/)?.[1]).toBe(safeCreationCode.safeProxy)
  })
})
