// The portfolio page's filters (kept in the URL), its error states and its phone layout, for an
// address typed in (no wallet needed).

import { expectedDemoBalances } from './support/demoBalances'
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { chainRow, demoAddress, expandToken, expectAmounts, tokenRow } from './support/portfolioPage'

const demoView = () => `${baseUrl()}/portfolio?address=${demoAddress}`

test('an address typed in shows its balances and goes into the URL', async ({ page }) => {
  await page.goto(`${baseUrl()}/portfolio`)
  await page.getByLabel('Account address').fill(demoAddress)
  await page.getByRole('button', { name: 'Show balances' }).click()
  await expect(page).toHaveURL(`${baseUrl()}/portfolio?address=${demoAddress}`)
  await expectAmounts(tokenRow(page, 'USDC'), expectedDemoBalances().get('USDC')!)
})

test('the chain filter narrows the rows, updates the URL and survives a reload', async ({ page }) => {
  await page.goto(demoView())
  await expect(tokenRow(page, 'USDT')).toBeVisible()

  await page.getByRole('group', { name: 'Chains' }).getByLabel('Base').check()
  await expect(page).toHaveURL(/[?&]chainIds=8453(&|$)/)
  // Base holds no USDT: the USDT row goes, and USDC is Base's 1,250.5 alone.
  await expect(tokenRow(page, 'USDT')).toHaveCount(0)
  const baseUsdc = expectedDemoBalances()
    .get('USDC')!
    .chains.find((c) => c.chainName === 'Base')!
  await expectAmounts(tokenRow(page, 'USDC'), baseUsdc)
  await expandToken(page, 'USDC')
  await expect(chainRow(page, 'OP Mainnet', 'USDC')).toHaveCount(0)
  await expectAmounts(chainRow(page, 'Base', 'USDC'), baseUsdc)

  await page.getByLabel('Hide empty balances').check()
  await expect(page).toHaveURL(/filterEmpty=true/)
  await expandToken(page, 'ETH')
  await expect(chainRow(page, 'Base', 'WETH')).toHaveCount(0) // Base WETH is 0

  await page.reload()
  await expect(page.getByRole('group', { name: 'Chains' }).getByLabel('Base')).toBeChecked()
  await expect(page.getByLabel('Hide empty balances')).toBeChecked()
  await expect(tokenRow(page, 'USDC')).toBeVisible()
  await expect(tokenRow(page, 'USDT')).toHaveCount(0)
  await expectAccessible(page, 'filtered portfolio')
  await screenshot(page, 'portfolio-filtered')

  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(`${baseUrl()}/portfolio?address=${demoAddress}`)
  await expect(tokenRow(page, 'USDT')).toBeVisible()
})

test('a token filter selects chain:token pairs', async ({ page }) => {
  await page.goto(demoView())
  await page.getByText('Tokens (all)').click()
  await page.getByRole('group', { name: 'OP Mainnet' }).getByLabel('USDC').check()
  await expect(page).toHaveURL(/tokens=10:USDC/)
  await expect(tokenRow(page, 'ETH')).toHaveCount(0)
  await expectAmounts(tokenRow(page, 'USDC'), { total: '500', unlocked: '0', locked: '500' })
})

test('a bad address gets the API message that names the field, at the field', async ({ page, allowApiErrors }) => {
  allowApiErrors(400)
  await page.goto(`${baseUrl()}/portfolio`)
  const input = page.getByLabel('Account address')
  await input.fill('0x1234')
  await page.getByRole('button', { name: 'Show balances' }).click()
  const error = page.getByRole('main').getByRole('alert').filter({ hasText: 'Check the account address' })
  await expect(error).toContainText('userAddress: must be a 0x-prefixed 20-byte address')
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(input).toHaveAccessibleDescription(/userAddress/)
  await expectAccessible(page, 'portfolio with a bad address')
  await screenshot(page, 'portfolio-bad-address')
})

test('a wrong pasted key gives a clear 401 and forgetting it goes back to the app key', async ({
  page,
  allowApiErrors,
}) => {
  allowApiErrors(401)
  await page.goto(demoView())
  await expect(tokenRow(page, 'USDC')).toBeVisible()

  const developer = page.getByRole('button', { name: /^Developer/ })
  await developer.click()
  await page.getByLabel('Your API key').fill('ir_wrong_0123456789abcdefghijklmnop')
  await page.getByRole('button', { name: 'Use this key' }).click()
  await expect(developer).toContainText('your key')
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Your API key was not accepted')
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Invalid API key')
  await expect(tokenRow(page, 'USDC')).toHaveCount(0)
  await expectAccessible(page, 'portfolio with a rejected key')
  await screenshot(page, 'portfolio-wrong-key')

  // The pasted key stays for the tab (sessionStorage), across a reload.
  await page.reload()
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Your API key was not accepted')
  await page.getByRole('button', { name: 'Forget my key' }).click()
  await expect(tokenRow(page, 'USDC')).toBeVisible()
  await expect(developer).toHaveText('Developer')
  await developer.click()
  await expect(page.getByRole('region', { name: 'Developer' })).toContainText('Using the app’s built-in key')
})

test('an unavailable chain is named, with a retry', async ({ page, allowApiErrors }) => {
  allowApiErrors(503)
  let calls = 0
  await page.route('**/api/v1/accounts/*/portfolio*', async (route) => {
    calls++
    if (calls > 2) return route.continue() // the page retries once on its own; the reader's retry then succeeds
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '5' },
      json: {
        message: 'Chain 10 is unavailable',
        errors: [{ message: 'Chain 10 is unavailable', context: { chainId: 10, reason: 'timeout' } }],
        traceId: 'trace-e2e',
      },
    })
  })
  // Typed in, so the browser reads it (a shared link's first read happens on the server: below).
  await page.goto(`${baseUrl()}/portfolio`)
  await page.getByLabel('Account address').fill(demoAddress)
  await page.getByRole('button', { name: 'Show balances' }).click()
  const alert = page.getByRole('main').getByRole('alert')
  await expect(alert).toContainText('OP Mainnet (chain 10) is unavailable')
  await expect(page.getByText('trace-e2e')).toBeVisible()
  await expectAccessible(page, 'portfolio with an unavailable chain')
  await screenshot(page, 'portfolio-chain-unavailable')
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(tokenRow(page, 'USDC')).toBeVisible()
  await expect(alert).toHaveCount(0)
})

test('a shared link arrives with its balances in the page itself, read on the server', async ({ request }) => {
  // The HTML the server sends already holds the rows (formatted amounts, not just data for a script).
  const html = await (await request.get(demoView())).text()
  const usdc = expectedDemoBalances().get('USDC')!
  expect(html).toContain('data-column="total"')
  expect(html).toContain(`>${usdc.total}<`)
  expect(html).toContain(`>${usdc.unlocked}<`)
})

test('a shared link shows its balances before any script has run', async ({ browser }) => {
  // The rows are in the page's first flush: a part streamed after it stays hidden until a script
  // reveals it (and React reveals it up to 300 ms after the first paint), so with scripts off it never shows.
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto(demoView())
    await expect(tokenRow(page, 'USDC')).toBeVisible()
  } finally {
    await context.close()
  }
})

test('on a 390 px phone nothing overflows sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(demoView())
  await expect(tokenRow(page, 'USDC')).toBeVisible()
  await expandToken(page, 'USDC')
  await expect(chainRow(page, 'OP Mainnet', 'USDC')).toContainText('500 locked')
  await expectNoHorizontalOverflow(page)
  await expectAccessible(page, 'portfolio on a phone')
  await screenshot(page, 'portfolio-phone')

  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await expectNoHorizontalOverflow(page)
  await screenshot(page, 'wallet-menu-phone')

  await page.goto(`${baseUrl()}/`)
  await expectNoHorizontalOverflow(page)
  await screenshot(page, 'home-phone')
})
