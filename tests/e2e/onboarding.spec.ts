// Plain words and one-step onboarding: Home says how to start, then summarises the connected
// wallet (its funds, its last transfers, "Move funds"); sign-in is a button where it is needed,
// never the endpoints to call; the API key sits under a developer menu.
import type { Page } from '@playwright/test'
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { askFor, connectDemoWallet, getRoute, openBuilder, region } from './support/routePage'

const demoAccount = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The connected wallet's submitted routes, as the page's own key reads them (same origin, its session). */
async function submittedCount(page: Page): Promise<number> {
  const key = process.env.E2E_BROWSER_KEY
  const body = await page.evaluate(
    async ({ account, key }) =>
      (await fetch(`/api/v1/accounts/${account}/routes?limit=100`, { headers: { 'x-api-key': key ?? '' } })).json(),
    {
      account: demoAccount,
      key,
    },
  )
  return (body as { routes: { status: string }[] }).routes.filter((r) =>
    ['SUBMITTED', 'COMPLETED', 'FAILED'].includes(r.status),
  ).length
}

for (const [name, size] of [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const) {
  test(`Home says how to start, then summarises the connected wallet (${name} px)`, async ({ page }) => {
    await page.setViewportSize(size)
    await page.goto(`${baseUrl()}/`)
    const start = region(page, 'Get started')
    await expect(start).toBeVisible()
    await expect(start.getByRole('link', { name: 'Move funds' })).toHaveAttribute('href', '/route')
    // The endpoint list lives in /docs now; Home links there once.
    await expect(page.getByText('/api/v1/accounts/{userAddress}/portfolio')).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('link', { name: 'API docs' })).toHaveAttribute('href', '/docs')

    await connectDemoWallet(page)
    const holdings = page.getByTestId('home-holdings')
    await expect(holdings).toContainText('0x7099…79C8')
    const total = holdings.locator('dt', { hasText: /^Total$/ }).locator('xpath=following-sibling::dd[1]')
    await expect(total).toHaveText(/^\$[\d,]+\.\d\d$/)
    await expect(holdings.getByRole('list', { name: 'Value by chain' }).getByRole('listitem').first()).toBeVisible()
    await expect(holdings.getByRole('link', { name: 'Move funds' })).toBeInViewport()

    // Recent activity needs a sign-in: one button, explained once, no endpoint names.
    const activity = page.getByTestId('home-activity')
    await expect(activity).toContainText('Sign in with your wallet to see your transfers here')
    await expect(activity).not.toContainText('auth/nonce')
    await expectAccessible(page, `Home, connected (${name} px)`)
    await expectNoHorizontalOverflow(page)
    await screenshot(page, `home-connected-${name}`)
    await activity.getByRole('button', { name: 'Sign in with Ethereum' }).click()
    await expect(activity).not.toContainText('Sign in with your wallet')
    const submitted = await submittedCount(page)
    if (submitted === 0) await expect(activity).toContainText('No transfers yet')
    else await expect(activity.locator('li[data-nonce]')).toHaveCount(Math.min(submitted, 3))

    // The total is the portfolio's own.
    const shown = await total.textContent()
    await holdings.getByRole('link', { name: 'Open the portfolio' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible()
    await expect(page.locator('dt', { hasText: 'Total value' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
      shown!,
    )
  })

  test(`a route asked for before sign-in offers the Sign-in button, not the API's endpoints (${name} px)`, async ({
    page,
    allowApiErrors,
  }) => {
    allowApiErrors(401)
    await page.setViewportSize(size)
    await openBuilder(page)
    await connectDemoWallet(page)
    await askFor(page, { chain: 'Base', token: 'USDC', amount: '10' })
    await getRoute(page)
    const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'Sign in to build routes' })
    await expect(alert).toContainText('Sign in as 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 with your wallet first')
    await expect(page.getByRole('main')).not.toContainText(/auth\/nonce|auth\/session|x-api-key/)
    // No key form for an end user here: the one thing that helps is signing in.
    await expect(page.getByRole('main').getByLabel('Your API key')).toHaveCount(0)
    await expectAccessible(page, `route builder asking for a sign-in (${name} px)`)
    await page.getByRole('main').getByRole('button', { name: 'Sign in with Ethereum' }).last().click()
    await expect(region(page, 'Sign in to build routes')).toHaveCount(0)
    await getRoute(page)
    await expect(page.getByTestId('primary-action')).toBeVisible()
  })
}

test('the API key is under the developer menu, with the docs and how to get a key', async ({ page }) => {
  await page.goto(`${baseUrl()}/`)
  const button = page.getByRole('banner').getByRole('button', { name: /^Developer/ })
  // With the app's own key, nothing on the button for an end user to wonder about.
  await expect(button).toHaveText('Developer')
  await expect(page.getByRole('banner').getByRole('button', { name: /API key/ })).toHaveCount(0)
  await button.click()
  const panel = page.getByRole('region', { name: 'Developer' })
  await expect(panel).toContainText('Using the app’s built-in key')
  await panel.getByRole('link', { name: 'How to get a key' }).click()
  await expect(page).toHaveURL(`${baseUrl()}/docs#get-a-key`)
  await expect(page.getByRole('region', { name: 'How to get a key' })).toContainText('npm run keys -- create')
})
