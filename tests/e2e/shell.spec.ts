// The shell every page shares: navigation, the developer menu (the API key) and the wallet menu, by keyboard too.
import { baseUrl, expect, expectAccessible, screenshot, test } from './support/fixtures'

test('the header navigates to every section and marks the current page', async ({ page }) => {
  await page.goto(`${baseUrl()}/`)
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Portfolio', 'Route builder', 'History', 'API docs'])
  await expectAccessible(page, 'the home page')

  for (const [name, path, heading] of [
    ['Route builder', '/route', 'Route builder'],
    ['History', '/history', 'Route history'],
    ['API docs', '/docs', 'API reference'],
  ] as const) {
    await nav.getByRole('link', { name }).click()
    await expect(page).toHaveURL(`${baseUrl()}${path}`)
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  }

  await page.goto(`${baseUrl()}/`)

  await page.getByRole('link', { name: 'Open the portfolio' }).click()
  await expect(page).toHaveURL(`${baseUrl()}/portfolio`)
  await expect(nav.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible()
})

test('the API docs, reached from the header, are accessible', async ({ page }) => {
  // The docs page around the reference: header, sidebar, key guide. The rendered reference itself
  // (tens of thousands of pixels) is checked by docs.spec.ts, in parts that each fit a test's budget.
  test.slow()
  await page.goto(`${baseUrl()}/`)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API docs' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible()
  await expect(page.locator('.scalar-app').first()).toBeVisible({ timeout: 30_000 })
  await expectAccessible(page, 'the API docs', { exclude: ['.scalar-app'] })
  await screenshot(page, 'docs', { fullPage: false })
})

test('the developer menu says which key is used and works from the keyboard', async ({ page }) => {
  await page.goto(`${baseUrl()}/`)
  const button = page.getByRole('button', { name: /^Developer/ })
  await expect(button).toHaveText('Developer')
  await button.focus()
  await page.keyboard.press('Enter')
  const panel = page.getByRole('region', { name: 'Developer' })
  await expect(panel).toContainText('Using the app’s built-in key')
  await expect(panel).toContainText('Kept in this browser tab only')
  await expectAccessible(page, 'the open developer menu')
  await screenshot(page, 'developer-menu')
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(button).toBeFocused()
})

test('the wallet menu lists the demo wallet and closes on a click outside', async ({ page }) => {
  await page.goto(`${baseUrl()}/`)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  const panel = page.getByRole('region', { name: 'Connect a wallet' })
  await expect(panel.getByRole('button', { name: /^Demo wallet/ })).toBeVisible()
  await page.getByRole('heading', { level: 1 }).click()
  await expect(panel).toBeHidden()
})
