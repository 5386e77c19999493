// The route page in human words first: how each element is funded ("Locked in The Compact"), with
// the protocol's word on hover; lock details only for locked funds; fees a sponsor pays marked as
// sponsored; what the fill deadline and the expiry each mean; the step bar that stays on screen;
// chain and token icons served from the app itself.

import { testApiKey } from './support/devnet'
import { expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { askFor, connectDemoWallet, getRoute, openAdvanced, openBuilder, region } from './support/routePage'

async function signedInBuilder(page: import('@playwright/test').Page) {
  await openBuilder(page)
  await connectDemoWallet(page)
  // Routes for a wallet are built once it has signed in with Ethereum (the page offers it).
  const signInPanel = region(page, 'Sign in to build routes')
  await signInPanel.getByRole('button', { name: 'Sign in with Ethereum' }).click()
  await expect(signInPanel).toHaveCount(0)
}

test('a locked, sponsored route reads in human words, with the protocol words on hover', async ({ page }) => {
  // Sponsoring fees takes a key with the routes:sponsor scope; the app's browser key never has it.
  await openBuilder(page)
  await page.getByRole('button', { name: /^Developer/ }).click()
  await page.getByLabel('Your API key').fill(testApiKey())
  await page.getByRole('button', { name: 'Use this key' }).click()
  await expect(page.getByRole('button', { name: /^Developer/ })).toContainText('your key')
  await page.keyboard.press('Escape')
  await connectDemoWallet(page)
  // OP Mainnet's 500 USDC are locked in The Compact: 100 of them settle from the lock.
  await askFor(page, { chain: 'OP Mainnet', token: 'USDC', amount: '100' })
  await openAdvanced(page)
  await page.locator('summary').filter({ hasText: 'Options' }).click()
  const sponsor = page.getByRole('group', { name: 'A sponsor pays' })
  for (const part of ['Gas', 'Bridge fees', 'Protocol fees']) await sponsor.getByLabel(part).check()
  await getRoute(page)

  const element = region(page, 'Elements (1)').locator('[data-element="OP Mainnet"]')
  const funding = element.locator('[data-funding]')
  await expect(funding).toHaveText('Locked in The Compact')
  await expect(funding).toHaveAttribute('title', 'fundingMethod: COMPACT')
  await expect(element).not.toContainText('COMPACT')
  await expect(element).toContainText('Lock tag')
  await expect(element).toContainText('Reset period')

  const fees = region(page, 'Summary').getByTestId('fees')
  await expect(fees).toContainText(/of it sponsored/)
  await expect(fees.locator('[data-fee="Gas"]')).toContainText('Sponsored')
  await expect(fees.locator('[data-fee="Protocol"]')).toContainText('Sponsored')
  await expect(region(page, 'Summary').getByTestId('fee-token')).toContainText(
    'a sponsor covers your share of the fees',
  )

  // One deadline: the summary and the card name only when to sign and submit by; the fill deadline
  // and the expiry stay with the elements, for whoever inspects them.
  const deadlines = region(page, 'Summary').getByTestId('deadlines')
  await expect(deadlines).toHaveText(/^Sign and submit before \d{1,2}:\d\d:\d\d( [AP]M)?\.$/)
  await expect(deadlines).not.toContainText(/fill deadline|expires/)
  await expect(page.getByTestId('route-card').getByTestId('card-deadline')).toHaveText(/^\d+ min \d\d s left/)
  await expect(element).toContainText('the filler must deliver by then')

  // Nothing to do first: the step bar says so and Sign is the current step.
  const steps = page.getByRole('navigation', { name: 'Route steps' })
  await expect(steps.locator('[data-step="Requirements"]')).toContainText('none open')
  await expect(steps.getByRole('link', { name: /Sign/ })).toHaveAttribute('aria-current', 'step')
  await expect(region(page, 'Sign').getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()

  // Icons are the app's own files, and they load.
  const icons = page.locator('img[src^="/icons/"]')
  expect(await icons.count()).toBeGreaterThan(0)
  for (const icon of await icons.all())
    expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await expectAccessible(page, 'a locked, sponsored route')
  await screenshot(page, 'route-words-compact')

  // The step bar stays on screen while the inspector scrolls.
  await region(page, 'Raw response').scrollIntoViewIfNeeded()
  await expect(steps).toBeInViewport()
})

test('the step bar and the words fit a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signedInBuilder(page)
  await askFor(page, { chain: 'OP Mainnet', token: 'USDC', amount: '100' })
  await getRoute(page)
  await expect(page.getByRole('navigation', { name: 'Route steps' })).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await expectAccessible(page, 'the route steps on a phone')
  await screenshot(page, 'route-steps-phone')
})
