// A vitest reporter that writes what failed, one line each, to VITEST_FAILURES_FILE for `npm test`
// to print last: failed tests, and errors outside any test (a module that fails to load, a suite's
// failed beforeAll, which vitest counts as its tests skipped, and unhandled errors), none of which
// its JSON report names.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import { firstLines } from './reportFailures'

type Failure = { name?: string; message?: string }
const says = (e: Failure) => firstLines(`${e.name ?? 'Error'}: ${e.message ?? ''}`)

export default class VitestFailureReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<Failure>): void {
    const file = process.env.VITEST_FAILURES_FILE
    if (!file) return
    const lines: string[] = []
    for (const m of modules) {
      const name = relative(process.cwd(), m.moduleId)
      for (const e of m.errors()) lines.push(`${name}: ${says(e)}`)
      for (const suite of m.children.allSuites())
        for (const e of suite.errors()) lines.push(`${name} › ${suite.fullName} (outside its tests): ${says(e)}`)
      for (const test of m.children.allTests('failed')) {
        const result = test.result()
        lines.push(`${name} › ${test.fullName}: ${result.state === 'failed' ? says(result.errors[0] ?? {}) : ''}`)
      }
    }
    for (const e of unhandled) lines.push(`unhandled: ${says(e)}`)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify(lines))
  }
}
