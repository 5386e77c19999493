// The chain and settlement-layer lists are stated once, in their registries (lib/core/chains/,
// lib/core/layers/), and derived everywhere else: no other source file writes out three or more of
// the registered chain ids in one list, set or record, nor two or more layer names in one list, enum,
// record or union (a flat literal on any number of lines, or a record's keys one a line).
// registry.stub.test.ts shows the derived lists take a newcomer in. Tests, test fixtures, and the
// API's prose and examples may name chains and layers freely.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chainIds } from './core/chains/chains'
import { foreignLayerNames, layers } from './core/layers/registry'

const root = join(import.meta.dirname, '..')

const exempt = [
  /^lib\/core\/(chains|layers)\//, // the registries
  /\.test\.tsx?$/,
  /(^|\/)fixtures(\.ts|\/)/,
  /^lib\/api\/(guides\/|operationExamples\.ts$)/, // prose and worked examples of one request each
  /^lib\/devnet\/contracts\/safe\.ts$/, // generated per registered chain by compile.ts
]

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path)
    return /\.(ts|tsx|mjs)$/.test(e.name) ? [path] : []
  })
}

const layerNames = new Set<string>([...layers.flatMap((l) => [l.name, l.wire]), ...foreignLayerNames])
const ids = new Set(chainIds.map(String))

/** Code without its comments (a comment may name the chains it is about). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')

/** The innermost bracketed groups: array, object and call literals, whatever their lines. */
const groups = (text: string) => text.match(/[[{(][^[\]{}()]*[\]})]/g) ?? []

const layersIn = (group: string) =>
  new Set(
    [...group.matchAll(/['"]([A-Z][A-Z0-9_]*)['"]|\b([A-Z][A-Z0-9_]*)\s*:/g)]
      .map((m) => m[1] ?? m[2] ?? '')
      .filter((n) => layerNames.has(n)),
  )
const chainsIn = (group: string) =>
  new Set(
    [...group.matchAll(/(?<![\w.'"`$#-])(\d[\d_]*)(?![\w.'"`])/g)]
      .map((m) => m[1]?.replaceAll('_', '') ?? '')
      .filter((n) => ids.has(n)),
  )

/** Keys written one a line at the same indent (a record of nested objects), grouped by indent. */
function lineKeys(body: string): string[] {
  const byIndent = new Map<string, string[]>()
  for (const [, indent = '', key = ''] of body.matchAll(/^(\s*)['"]?([A-Z][A-Z0-9_]*|\d+)['"]?\s*:/gm)) {
    byIndent.set(indent, [...(byIndent.get(indent) ?? []), key])
  }
  return [...byIndent.values()].map((keys) => `{ ${keys.map((k) => `${k}:`).join(' ')} }`)
}

/** Each restated list as `path: the text`. */
function restated(path: string, text: string): string[] {
  const body = code(text)
  const lists = [...groups(body), ...lineKeys(body)].filter((g) => layersIn(g).size >= 2 || chainsIn(g).size >= 3)
  const unions = [...body.matchAll(/['"][A-Z][A-Z0-9_]*['"](?:\s*\|\s*['"][A-Z][A-Z0-9_]*['"])+/g)]
    .map((m) => m[0])
    .filter((u) => layersIn(u).size >= 2)
  return [...lists, ...unions].map((found) => `${path}: ${found.replace(/\s+/g, ' ')}`)
}

describe('the chain and layer registries', () => {
  it('are the only place that lists the chains or the layers', () => {
    const files = ['app', 'components', 'lib'].flatMap(sources).concat(['proxy.ts', 'serve.mjs'])
    const checked = files.filter((f) => !exempt.some((e) => e.test(f)))
    expect(checked.length).toBeGreaterThan(100)
    const found = checked.flatMap((f) => restated(relative(root, join(root, f)), readFileSync(join(root, f), 'utf8')))
    expect(found).toEqual([])
  })

  it('finds a restated list of either kind, written as a list, record, set, enum or union', () => {
    const samples = [
      'const LAYER_BIT = { SAME_CHAIN: 1, ACROSS: 2, ECO: 4, RELAY: 8, OFT: 16 }',
      "const settlementLayer = z.enum(['ACROSS', 'ECO', 'RELAY'])",
      "type Name = 'ACROSS' | 'ECO' | 'RELAY'",
      'const icons = new Set([1, 10, 8453, 42161])',
      "const colors = {\n  1: '#627eea',\n  10: '#e11d48',\n  8453: '#1d4ed8',\n}",
      'const fees = {\n  ACROSS: { bps: 4n },\n  ECO: { bps: 5n },\n}',
    ]
    for (const s of samples) expect(restated('sample.ts', s).length).toBeGreaterThan(0)
    const fine = [
      "if (layer === 'OFT') return 0n",
      "// every layer: ['ACROSS', 'ECO', 'RELAY']",
      "const destination = { chainId: 8453, amount: '10' }",
      'const tokens = [1, 2, 3, 10]',
    ]
    for (const s of fine) expect(restated('sample.ts', s)).toEqual([])
  })
})
