// `npm test`: type-checks and lints, builds the app once, then runs every suite (every vitest project: unit,
// lib-integration, integration + compatibility; then the browser) and prints each runner's own summary. Checks
// for Chromium first and, on Debian as root, installs it.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { playwrightFailures } from './reportFailures'
import { ensureChromium } from './support/chromium'

type Counts = { passed: number; failed: number; skipped: number }
type Step = { name: string; command: string[]; counts: () => Counts; failures: () => string[] }

const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
const node = process.execPath
const bin = (pkg: string, file: string) => `node_modules/${pkg}/${file}`

function run(command: string[]): number {
  const [cmd, ...args] = command
  return spawnSync(cmd!, args, { stdio: 'inherit', env }).status ?? 1
}

const vitestReport = 'tests/artifacts/vitest.json'
const vitestFailures = 'tests/artifacts/vitest-failures.json'
const playwrightReport = 'tests/artifacts/playwright.json'
const readJson = (file: string) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined)
const steps: Step[] = [
  {
    name: 'unit, lib-integration, integration and compatibility (vitest)',
    // No --project: every project in vitest.config.ts runs.
    command: [
      node,
      bin('vitest', 'vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./tests/vitestFailureReporter.ts',
      `--outputFile.json=${vitestReport}`,
    ],
    counts: () => {
      const r = readJson(vitestReport)
      // Skipped (it.skip, skipIf without its database) and todo tests are `pending` in the report.
      return {
        passed: r?.numPassedTests ?? 0,
        failed: r ? r.numFailedTests : 1,
        skipped: (r?.numPendingTests ?? 0) + (r?.numTodoTests ?? 0),
      }
    },
    failures: () => readJson(vitestFailures) ?? [],
  },
  {
    name: 'browser (playwright, chromium)',
    command: [node, bin('@playwright/test', 'cli.js'), 'test', '--reporter=list,json'],
    counts: () => {
      const s = readJson(playwrightReport)?.stats
      return { passed: s ? s.expected + s.flaky : 0, failed: s ? s.unexpected : 1, skipped: s?.skipped ?? 0 }
    },
    failures: () => playwrightFailures(readJson(playwrightReport)),
  },
]
rmSync(vitestReport, { force: true })
rmSync(vitestFailures, { force: true })
env.VITEST_FAILURES_FILE = vitestFailures
rmSync(playwrightReport, { force: true })
env.PLAYWRIGHT_JSON_OUTPUT_NAME = playwrightReport

const results: ({ name: string; ok: boolean; failures: string[] } & Counts)[] = []
if (!ensureChromium()) {
  process.exit(1)
}
console.log('\n> tsc --noEmit')
if (run([node, bin('typescript', 'bin/tsc'), '--noEmit']) !== 0) {
  console.error('\nThe code does not type-check; no suite was run.')
  process.exit(1)
}
console.log('\n> biome ci (lint and format, no warnings allowed)')
if (run([node, bin('@biomejs/biome', 'bin/biome'), 'ci', '--error-on-warnings', '.']) !== 0) {
  console.error('\nThe linter or the formatter found something (fix with `npm run lint:fix`); no suite was run.')
  process.exit(1)
}
console.log('\n> next build')
// tsc has just checked every file: next build need not check the app's again.
env.NEXT_TYPES_CHECKED = '1'
if (run([node, bin('next', 'dist/bin/next'), 'build']) !== 0) {
  console.error('\nThe app does not build; no suite was run.')
  process.exit(1)
}
for (const step of steps) {
  console.log(`\n> ${step.name}`)
  const ok = run(step.command) === 0
  const { passed, failed, skipped } = step.counts()
  results.push({
    name: step.name,
    ok,
    passed,
    failed: ok ? failed : Math.max(failed, 1),
    skipped,
    failures: ok ? [] : step.failures(),
  })
}

const failures = results.flatMap((r) => r.failures)
if (failures.length > 0) {
  console.log('\nFailed:')
  for (const f of failures) console.log(`  ✗ ${f}`)
}
console.log('\nSuites:')
for (const r of results)
  console.log(
    `  ${r.ok ? 'ok    ' : 'FAILED'}  ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`,
  )
const total = results.reduce(
  (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
)
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
