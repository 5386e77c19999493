// The layering rule (.dependency-cruiser.cjs) over the whole source tree: imports point down the
// layers only (core ← config ← rpc ← storage ← api ← worker ← server/filler ← ui ← app), route
// handlers reach storage only through lib/server, the filler and the attester never import each
// other, and nothing imports in a circle.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')

type Violation = { from: string; to: string; rule: { name: string } }

function cruise(cwd: string, paths: string[]): Violation[] {
  const run = spawnSync(
    process.execPath,
    [cli, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...paths],
    { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  if (!run.stdout) throw new Error(`dependency-cruiser failed: ${run.stderr}`)
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations
}

describe('layers', () => {
  it('no import points up a layer, around lib/server to storage, or in a circle', () => {
    const violations = cruise(root, ['app', 'components', 'lib', 'proxy.ts', 'serve.mjs'])
    expect(violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([])
  }, 120_000)

  it('catches core importing the API, type-only imports included, a handler reading storage, and the filler importing the attester', () => {
    const dir = mkdtempSync(join(tmpdir(), 'layers-'))
    try {
      const files: Record<string, string> = {
        'lib/api/schema.ts': 'export type Wire = { a: string }\n',
        'lib/core/engine.ts': "import type { Wire } from '../api/schema'\nexport const use = (w: Wire) => w.a\n",
        'lib/storage/store.ts': 'export const read = () => 1\n',
        'app/api/x/route.ts': "import { read } from '../../../lib/storage/store'\nexport const GET = read\n",
        'lib/attester/sign.ts': 'export const sign = () => 2\n',
        'lib/filler/settle.ts':
          "import { sign } from '../attester/sign'\nimport { loop } from './loop'\nexport const settle = () => sign() + loop()\n",
        'lib/filler/loop.ts': 'export const loop = () => 3\n',
        'tsconfig.json': JSON.stringify({
          compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler' },
        }),
      }
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true })
        writeFileSync(join(dir, path), text)
      }
      copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'))
      const rules = cruise(dir, ['app', 'lib']).map((v) => `${v.rule.name}: ${v.from}`)
      expect(rules).toContain('no-core-to-higher: lib/core/engine.ts')
      expect(rules).toContain('route-handlers-through-server: app/api/x/route.ts')
      expect(rules).toContain('filler-and-attester-apart: lib/filler/settle.ts')
      expect(rules.filter((r) => r.startsWith('filler-and-attester-apart'))).toHaveLength(1) // its own folder is fine
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
