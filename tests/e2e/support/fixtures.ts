// What every browser test shares: console errors and uncaught page errors fail the test, axe checks
// a page for serious and critical violations, and screenshots go to tests/artifacts/screenshots/.
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

export type Fixtures = {
  /**
   * Declares the API error statuses a test provokes on purpose. Chromium logs every error response
   * as "Failed to load resource"; only those, for these statuses and /api/v1/ URLs, are let through.
   * 'network': a request to /api/v1/ the test makes fail on the network (route.abort()).
   */
  allowApiErrors: (...statuses: (number | 'network')[]) => void
}

export const test = base.extend<Fixtures>({
  // Every navigation waits until the page has hydrated (app/providers.tsx marks <html>): a click
  // before that does nothing, and the test would then wait out its whole budget for what never opens.
  // On a loaded machine hydration can take seconds; this waits for the state, not for a time.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      if (options?.waitUntil !== 'commit')
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 })
      return response
    }
    await use(page)
  },
  allowApiErrors: [
    async ({ page }, use) => {
      const allowed = new Set<number | 'network'>()
      const problems: string[] = []
      page.on('console', (m) => {
        if (m.type() !== 'error') return
        const status = /^Failed to load resource: the server responded with a status of (\d{3})\b/.exec(m.text())?.[1]
        if (status && allowed.has(Number(status)) && isApiUrl(m.location().url)) return
        if (
          allowed.has('network') &&
          /^Failed to load resource: net::ERR_FAILED/.test(m.text()) &&
          isApiUrl(m.location().url)
        )
          return
        problems.push(`console: ${m.text()} (${m.location().url})`)
      })
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
      await use((...statuses) => {
        for (const s of statuses) allowed.add(s)
      })
      expect(problems, 'console errors or page errors during the test').toEqual([])
    },
    { auto: true },
  ],
})

function isApiUrl(url: string): boolean {
  return URL.canParse(url) && new URL(url).pathname.startsWith('/api/v1/')
}

export { expect }

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts (globalSetup starts the stack)')
  return url
}

/** `include` / `exclude`: CSS selectors, to check a very large page in parts, one test each (the
 * API reference): axe over all of it at once outlasts a test's budget on a loaded 2-core machine. */
export async function expectAccessible(
  page: Page,
  what: string,
  { include = [], exclude = [] }: { include?: string[]; exclude?: string[] } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page })
  for (const selector of include) builder = builder.include(selector)
  for (const selector of exclude) builder = builder.exclude(selector)
  const { violations } = await builder.analyze()
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    bad.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `axe on ${what}`,
  ).toEqual([])
}

/** `fullPage: false` for pages tens of thousands of pixels tall (the full API reference): a
 * full-page capture of those takes most of a test's budget on a loaded 2-core machine. */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  // From the top, so sticky panels sit where a reader first sees them.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `tests/artifacts/screenshots/${name}.png`, fullPage })
}

export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
  expect(scrollWidth, 'page wider than the viewport').toBeLessThanOrEqual(clientWidth)
}
