// `npm run bench [-- name …]`: builds the app once if needed, then runs each benchmark in a process
// of its own (its own devnet and app), one after another. A benchmark that breaks is reported and
// the rest still run; the exit code is non-zero when any broke.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { ensureBuild } from './ensureBuild'

const all = ['portfolio', 'route', 'load', 'settle', 'throughput', 'firstPaint']
const asked = process.argv.slice(2)
const unknown = asked.filter((n) => !all.includes(n))
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${all.join(', ')}`)
  process.exit(2)
}
const names = asked.length > 0 ? all.filter((n) => asked.includes(n)) : all

await ensureBuild()
const results: { name: string; code: number | null; seconds: number }[] = []
for (const name of names) {
  console.log(`\n=== ${name} (tests/bench/${name}.bench.ts) ===`)
  const started = performance.now()
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, `${name}.bench.ts`)], {
      stdio: 'inherit',
    })
    child.once('error', () => resolve(null))
    child.once('exit', (exitCode, signal) => resolve(signal ? null : exitCode))
  })
  results.push({ name, code, seconds: (performance.now() - started) / 1000 })
}
console.log(
  '\n=== summary ===\n' +
    results
      .map(
        (r) =>
          `${r.name.padEnd(12)} ${r.code === 0 ? 'ran' : `BROKE (exit ${r.code ?? 'signal'})`}  ` +
          `${r.seconds.toFixed(0)} s`,
      )
      .join('\n'),
)
if (results.some((r) => r.code !== 0)) process.exitCode = 1
