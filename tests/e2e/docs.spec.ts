// The API reference at /docs: the OpenAPI viewer (Scalar, self-hosted) runs under the production
// CSP, shows every operation with its description and examples, and "Test request" calls the
// devnet's API with the page's key.
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'

test('the reference shows each operation with its description and example response', async ({ page }) => {
  // Real work: the viewer renders every operation, then axe checks all of it.
  test.slow()
  const external: string[] = []
  page.on('request', (r) => {
    if (!r.url().startsWith(baseUrl()) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) external.push(r.url())
  })
  await page.goto(`${baseUrl()}/docs`)
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible()
  const reference = page.locator('.scalar-app').first()
  await expect(reference).toBeVisible({ timeout: 30_000 })
  await expect(reference.getByText('Locked and unlocked balances per token, aggregated and per chain', { exact: false }).first()).toBeVisible()
  await expect(reference.getByText('Plans the cheapest signable route under the fee model', { exact: false }).first()).toBeAttached()
  // The example response of the portfolio: real amounts from the examples, not a generated skeleton.
  await expect(reference.getByText('1250500000').first()).toBeAttached()
  await expectAccessible(page, 'the API reference')
  await screenshot(page, 'docs-reference', { fullPage: false })
  expect(external, 'requests that left the app').toEqual([])
})

test('an index of every operation is in the served page, each row leading to its section', async ({ page, request }) => {
  // In the HTML itself (rendered on the server), before the viewer's bundle arrives.
  const html = await (await request.get(`${baseUrl()}/docs`)).text()
  expect(html).toContain('data-operation="getPortfolio"')
  await page.goto(`${baseUrl()}/docs`)
  const index = page.getByRole('table', { name: 'Operations' })
  const document = (await (await request.get(`${baseUrl()}/api/v1/openapi.json`)).json()) as { paths: Record<string, object> }
  const operationCount = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0)
  await expect(index.locator('tbody tr')).toHaveCount(operationCount)
  await expect(page.locator('.scalar-app').first()).toBeVisible({ timeout: 30_000 })
  await index.getByRole('link', { name: 'GET /api/v1/prices' }).click()
  await expect(page.locator('[id="api-1/GET/prices"]')).toBeInViewport()
})

test('"Test request" calls the devnet with the page\'s key', async ({ page }) => {
  test.slow()
  await page.goto(`${baseUrl()}/docs`)
  const reference = page.locator('.scalar-app').first()
  await expect(reference).toBeVisible({ timeout: 30_000 })
  const response = page.waitForResponse((r) => r.url().startsWith(`${baseUrl()}/api/v1/prices`) && r.request().headers()['x-api-key'] === process.env.E2E_BROWSER_KEY)
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
