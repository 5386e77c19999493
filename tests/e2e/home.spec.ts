import { expect, test } from '@playwright/test'

test('the home page loads in Chromium without console errors', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(e.message))

  const response = await page.goto(`${process.env.E2E_BASE_URL}/`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Intent Router' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Arbitrum One' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Move funds' })).toBeVisible()
  await page.screenshot({ path: 'tests/artifacts/screenshots/home.png', fullPage: true })
  expect(problems).toEqual([])
})
