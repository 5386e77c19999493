// The tests that failed, named with their errors' first lines, from Playwright's JSON report (and,
// through firstLines, vitest's failure reporter): `npm test` prints them last, so the end of a long
// CI log still says what broke.
import { stripVTControlCharacters } from 'node:util'

/** A failure's first lines, so the end of a long log still says what broke. */
export const firstLines = (message: string | undefined) =>
  stripVTControlCharacters(message ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join(' | ')
    .slice(0, 400)

type PlaywrightSuite = {
  file: string
  suites?: PlaywrightSuite[]
  specs?: {
    title: string
    line: number
    tests: { projectName?: string; status?: string; results: { error?: { message?: string } }[] }[]
  }[]
}
const suiteFailures = (suite: PlaywrightSuite): string[] => [
  ...(suite.specs ?? []).flatMap((spec) =>
    // As the counts judge it: a test is failed when its outcome was unexpected (after any retries).
    spec.tests.flatMap((t) =>
      t.status === 'unexpected'
        ? [
            `${suite.file}:${spec.line} › ${t.projectName ? `[${t.projectName}] ` : ''}` +
              `${spec.title}: ${firstLines(t.results.at(-1)?.error?.message)}`,
          ]
        : [],
    ),
  ),
  ...(suite.suites ?? []).flatMap(suiteFailures),
]

/** From Playwright's JSON report: errors outside any test (global setup), then each test whose last
 * attempt neither passed nor was skipped. */
export const playwrightFailures = (
  report: { suites?: PlaywrightSuite[]; errors?: { message?: string }[] } | undefined,
): string[] => [
  ...(report?.errors ?? []).map((e) => `playwright: ${firstLines(e.message)}`),
  ...(report?.suites ?? []).flatMap(suiteFailures),
]
