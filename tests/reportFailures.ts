// The tests that failed, named with their first lines, from vitest's and Playwright's JSON reports:
// `npm test` prints them last, so the end of a long CI log still says what broke.
import { relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

/** A failure's first lines, so the end of a long log still says what broke. */
const firstLines = (message: string | undefined) =>
  stripVTControlCharacters(message ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join(' | ')
    .slice(0, 400)

type VitestFile = { name: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages: string[] }[] }
type PlaywrightSuite = { file: string; suites?: PlaywrightSuite[]; specs?: { title: string; line: number; tests: { results: { status: string; error?: { message?: string } }[] }[] }[] }
const suiteFailures = (suite: PlaywrightSuite): string[] => [
  ...(suite.specs ?? []).flatMap((spec) =>
    spec.tests.flatMap((t) => {
      const last = t.results.at(-1)
      return last && last.status !== 'passed' && last.status !== 'skipped' ? [`${suite.file}:${spec.line} › ${spec.title}: ${firstLines(last.error?.message)}`] : []
    }),
  ),
  ...(suite.suites ?? []).flatMap(suiteFailures),
]

/** From vitest's JSON report; undefined (no report) lists nothing, the counts already say it failed. */
export const vitestFailures = (report: { testResults?: VitestFile[] } | undefined): string[] =>
  (report?.testResults ?? []).flatMap((file) => {
    const name = relative(process.cwd(), file.name)
    const tests = file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${name} › ${t.fullName}: ${firstLines(t.failureMessages[0])}`)
    // A file that failed outside any test (an import, a hook) has no failed test of its own.
    return tests.length === 0 && file.message ? [`${name}: ${firstLines(file.message)}`] : tests
  })

/** From Playwright's JSON report: errors outside any test (global setup), then each test whose last attempt neither passed nor was skipped. */
export const playwrightFailures = (report: { suites?: PlaywrightSuite[]; errors?: { message?: string }[] } | undefined): string[] => [
  ...(report?.errors ?? []).map((e) => `playwright: ${firstLines(e.message)}`),
  ...(report?.suites ?? []).flatMap(suiteFailures),
]
