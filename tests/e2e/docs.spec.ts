// The API reference at /docs: the OpenAPI viewer (Scalar, self-hosted) runs under the production
// CSP, shows every operation with its description and examples, and "Test request" calls the
// devnet's API with the page's key.
import type { APIRequestContext } from '@playwright/test'
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'

/** Each operation's section in the reference (the viewer's own anchor ids), from the served document. */
async function operationSections(request: APIRequestContext): Promise<string[]> {
  const document = (await (await request.get(`${baseUrl()}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, object>
  }
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `[id="api-1/${method.toUpperCase()}${path}"]`),
  )
}
/** The reference's operations are checked this many at a time, in this many parts. */
const chunk = 6
const parts = 3

test('the reference shows each operation with its description and example response', async ({ page }) => {
  // Real work: the viewer renders every operation (axe checks it in parts, below).
  test.slow()
  const external: string[] = []
  page.on('request', (r) => {
    if (!r.url().startsWith(baseUrl()) && !r.url().startsWith('data:') && !r.url().startsWith('blob:'))
      external.push(r.url())
  })
  await page.goto(`${baseUrl()}/docs`)
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible()
  const reference = page.locator('.scalar-app').first()
  await expect(reference).toBeVisible({ timeout: 30_000 })
  await expect(
    reference.getByText('Locked and unlocked balances per token, aggregated and per chain', { exact: false }).first(),
  ).toBeVisible()
  await expect(
    reference.getByText('Plans the cheapest signable route under the fee model', { exact: false }).first(),
  ).toBeAttached()
  // The example response of the portfolio: real amounts from the examples, not a generated skeleton.
  await expect(reference.getByText('1250500000').first()).toBeAttached()
  await screenshot(page, 'docs-reference', { fullPage: false })
  expect(external, 'requests that left the app').toEqual([])
})

// axe over the whole rendered reference at once outlasts a test's budget on a loaded 2-core
// machine: it is checked in parts — the operations a few at a time, then everything else — whose
// union is the whole reference.
async function openReference(page: import('@playwright/test').Page, sections: readonly string[]): Promise<void> {
  await page.goto(`${baseUrl()}/docs`)
  await expect(page.locator('.scalar-app').first()).toBeVisible({ timeout: 30_000 })
  // The viewer renders its sections one after another: on a loaded machine that takes a while.
  for (const section of sections) await expect(page.locator(section).first()).toBeAttached({ timeout: 30_000 })
}

for (let index = 0; index < parts; index++) {
  test(`the reference's operations, part ${index + 1} of ${parts}, are accessible`, async ({ page, request }) => {
    test.slow()
    const sections = await operationSections(request)
    const part = sections.slice(index * chunk, (index + 1) * chunk)
    expect(part.length, 'each part checks some operations').toBeGreaterThan(0)
    await openReference(page, part)
    await expectAccessible(page, `operations ${index * chunk + 1}–${index * chunk + part.length} of the reference`, {
      include: part,
    })
  })
}

test('the rest of the reference (introduction, models) is accessible', async ({ page, request }) => {
  test.slow()
  const sections = await operationSections(request)
  // The parts above cover every operation: more operations need another part.
  expect(sections.length, `operations checked in ${parts} parts of ${chunk}`).toBeLessThanOrEqual(parts * chunk)
  await openReference(page, sections)
  // One main landmark: the viewer's own <main> is not nested inside the page's as a second one.
  await expect(page.getByRole('main')).toHaveCount(1)
  await expect(page.locator('main[role="region"]').first()).toBeAttached()
  await expectAccessible(page, 'the reference outside its operations', { include: ['.scalar-app'], exclude: sections })
})

test('an index of every operation is in the served page, each row leading to its section', async ({
  page,
  request,
}) => {
  // In the HTML itself (rendered on the server), before the viewer's bundle arrives.
  const html = await (await request.get(`${baseUrl()}/docs`)).text()
  expect(html).toContain('data-operation="getPortfolio"')
  await page.goto(`${baseUrl()}/docs`)
  const index = page.getByRole('list', { name: 'Operations' })
  const document = (await (await request.get(`${baseUrl()}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, object>
  }
  const operationCount = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0)
  await expect(index.getByRole('listitem')).toHaveCount(operationCount)
  await expect(page.locator('.scalar-app').first()).toBeVisible({ timeout: 30_000 })
  await index.getByRole('link', { name: /^GET \/api\/v1\/prices / }).click()
  await expect(page.locator('[id="api-1/GET/prices"]')).toBeInViewport()
})

test('"Test request" calls the devnet with the page\'s key', async ({ page }) => {
  test.slow()
  await page.goto(`${baseUrl()}/docs`)
  const reference = page.locator('.scalar-app').first()
  await expect(reference).toBeVisible({ timeout: 30_000 })
  const response = page.waitForResponse(
    (r) =>
      r.url().startsWith(`${baseUrl()}/api/v1/prices`) &&
      r.request().headers()['x-api-key'] === process.env.E2E_BROWSER_KEY,
  )
  const prices = reference.locator('[id="api-1/GET/prices"]')
  await prices.scrollIntoViewIfNeeded()
  await prices
    .getByRole('button', { name: /Test Request/i })
    .first()
    .click()
  const client = page.getByRole('dialog')
  await expect(client).toBeVisible()
  await client.getByRole('button', { name: /^Send/ }).first().click()
  expect((await response).status()).toBe(200)
  await expect(client.getByText('200', { exact: false }).first()).toBeVisible()
  await screenshot(page, 'docs-test-request')
})

test('the reference fits a 390 px phone', async ({ page }) => {
  test.slow()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${baseUrl()}/docs`)
  await expect(page.locator('.scalar-app').first()).toBeVisible({ timeout: 30_000 })
  await expectNoHorizontalOverflow(page)
  await screenshot(page, 'docs-phone', { fullPage: false })
})

for (const [name, size] of [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const) {
  test(`the sidebar searches the operations and says how to get a key (${name} px)`, async ({ page }) => {
    // Real work: the page loads the reference's viewer (~900 KB) while the sidebar is used.
    test.slow()
    await page.setViewportSize(size)
    await page.goto(`${baseUrl()}/docs`)
    const sidebar = page.getByRole('complementary', { name: 'Documentation' })
    const index = sidebar.getByRole('list', { name: 'Operations' })
    const all = await index.getByRole('listitem').count()
    expect(all).toBeGreaterThan(5)
    await sidebar.getByLabel('Search the API').fill('intent status')
    await expect(sidebar.getByRole('status')).toContainText(`of ${all} operations match`)
    await expect(index.getByRole('link', { name: /^GET \/api\/v1\/intent-operation\/\{id\} / }).first()).toBeVisible()
    await expect(index.getByRole('link', { name: /^GET \/api\/v1\/prices / })).toHaveCount(0)
    await sidebar.getByLabel('Search the API').fill('no such operation')
    await expect(index.getByRole('listitem')).toHaveCount(0)
    await expect(sidebar.getByRole('status')).toContainText(`0 of ${all} operations match`)
    await sidebar.getByLabel('Search the API').fill('')
    await expect(index.getByRole('listitem')).toHaveCount(all)

    await sidebar.getByRole('link', { name: 'How to get a key' }).click()
    const key = page.getByRole('region', { name: 'How to get a key' })
    await expect(key).toBeInViewport()
    await expect(key).toContainText(
      'npm run keys -- create --name "my app" --scopes portfolio:read,routes:create,routes:read',
    )
    await expect(key).toContainText('x-api-key')

    const [side, reference] = await Promise.all([
      sidebar.boundingBox(),
      page.getByRole('heading', { level: 1, name: 'API reference' }).boundingBox(),
    ])
    if (size.width < 1024) {
      // On a phone the index stacks: full width, above the reference, nothing sideways.
      expect(side!.width).toBeLessThanOrEqual(size.width)
      expect(side!.y).toBeLessThan(reference!.y)
      await expectNoHorizontalOverflow(page)
    } else {
      // Beside the introduction and the key guide.
      expect(side!.x + side!.width).toBeLessThanOrEqual(reference!.x)
      expect(side!.y).toBeLessThanOrEqual(reference!.y + reference!.height)
    }
    // The page around the reference; the rendered reference is checked in parts above.
    await expectAccessible(page, `the docs sidebar (${name} px)`, { exclude: ['.scalar-app'] })
    await screenshot(page, `docs-sidebar-${name}`, { fullPage: false })
  })
}
