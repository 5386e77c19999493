// Imports point down the layers only: core ← config ← rpc ← storage ← api ← worker ← server/filler/attester ←
// ui ← components/app. The filler and the attester share lib/worker and never import each other. lib/layers.test.ts runs this in the unit suite; `npx depcruise app components lib
// proxy.ts serve.mjs` prints the same verdict. Type-only imports count too.

/** Lowest first. A module may import its own layer and those before it, never one after it. */
const layers = [
  { name: 'core', path: '^lib/core/' },
  { name: 'config', path: '^lib/config/' },
  { name: 'rpc', path: '^lib/rpc/' },
  { name: 'storage', path: '^lib/storage/' },
  { name: 'api', path: '^lib/api/' },
  { name: 'worker', path: '^lib/worker/' },
  { name: 'server/filler', path: '^lib/(server|filler|attester)/' },
  { name: 'ui', path: '^lib/ui/' },
  { name: 'app', path: '^(app|components)/|^proxy\\.ts$|^serve\\.mjs$' },
  { name: 'devnet', path: '^lib/devnet/' },
]

// Unit tests and fixture-capture scripts sit beside the source but are not part of it.
const notSource = '\\.test\\.tsx?$|/fixtures/capture'

const downOnly = layers.slice(0, -1).map((layer, i) => ({
  name: `no-${layer.name.replace('/', '-')}-to-higher`,
  comment: `${layer.name} may not import ${layers
    .slice(i + 1)
    .map((l) => l.name)
    .join(', ')}`,
  severity: 'error',
  from: { path: layer.path, pathNot: notSource },
  to: { path: layers.slice(i + 1).map((l) => l.path) },
}))

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...downOnly,
    {
      name: 'route-handlers-through-server',
      comment: 'route handlers reach storage only through lib/server',
      severity: 'error',
      from: { path: '^app/api/' },
      to: { path: '^lib/storage/' },
    },
    {
      name: 'filler-and-attester-apart',
      comment: 'the filler and the attester share lib/worker, never each other',
      severity: 'error',
      from: { path: '^lib/(filler|attester)/', pathNot: notSource },
      to: { path: '^lib/(filler|attester)/', pathNot: '^lib/$1/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { pathNot: notSource },
      to: { circular: true },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|tests)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
}
