// What must never be signed, at 1440 and 390 px: a route the form no longer describes (edited, or
// failing its checks) cannot be approved, signed or submitted until a new one is asked for; a
// recipient that would lose the tokens is refused before anything is sent, and a mistyped checksum
// is said to be one; the countdown, Sign and Submit follow one deadline — the fill deadline less a
// minute — and after it one click asks for a new route.
import { zeroAddress } from 'viem'
import { addresses } from '../../lib/core/addresses'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { fillerAccount } from '../../lib/devnet/demoAccount'
import { expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { demoAddress } from './support/portfolioPage'
import { askFor, countRoutePosts, getRoute, openSignedIn, region } from './support/routePage'

const viewports = [
  { name: '1440', size: { width: 1440, height: 900 } },
  { name: '390', size: { width: 390, height: 844 } },
] as const

for (const { name, size } of viewports) {
  test(`a route is outdated the moment the form changes or fails its checks (${name} px)`, async ({ page }) => {
    // Real work: two routes, axe and a full-page screenshot.
    test.slow()
    await page.setViewportSize(size)
    const posts = countRoutePosts(page)
    await openSignedIn(page)
    await askFor(page, { chain: 'OP Mainnet', token: 'USDC', amount: '100' })
    await getRoute(page)
    const sign = region(page, 'Sign')
    const submit = region(page, 'Submit')
    const steps = page.getByRole('navigation', { name: 'Route steps' })
    // The route is read live on every chain: a loaded machine takes its time.
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled({ timeout: 20_000 })
    const firstNonce = (await page.locator('[data-nonce]').getAttribute('data-nonce'))!

    // An edit that fails validation: the route stays readable, but nothing about it can be signed.
    const amount = page.getByRole('group', { name: 'Token request 1' }).getByLabel(/^Amount/)
    await amount.fill('1.1234567')
    await expect(page.getByTestId('route-outdated')).toContainText('The form has a problem now')
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)
    await expect(submit.getByRole('button', { name: 'Submit', exact: true })).toBeDisabled()
    await expect(steps.locator('[data-step="Sign"]')).toHaveAttribute('data-state', 'closed')

    // A valid but different ask: still not what the route answered.
    await amount.fill('101')
    await expect(page.getByTestId('route-outdated')).toContainText('The form changed')
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)
    await expect(submit).toContainText('The form changed')
    await expectNoHorizontalOverflow(page)
    await expectAccessible(page, `an outdated route at ${name} px`)
    await screenshot(page, `route-outdated-${name}`)

    // Back to exactly what it answered: signable again. Then one click asks for what the form says.
    await amount.fill('100')
    await expect(page.getByTestId('route-outdated')).toHaveCount(0)
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
    await amount.fill('1,01')
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)
    await amount.fill('101')
    expect(posts()).toBe(1)
    await sign.getByRole('button', { name: 'Get a new route' }).click()
    await expect(page.locator('[data-nonce]')).not.toHaveAttribute('data-nonce', firstNonce)
    await expect(region(page, 'Summary').getByTestId('receive')).toContainText('101 USDC')
    await expect(page.getByTestId('route-outdated')).toHaveCount(0)
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
    expect(posts()).toBe(2)
  })
}

test('recipients that would lose the tokens are refused before anything is sent, and a bad checksum is named', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const posts = countRoutePosts(page)
  await openSignedIn(page)
  await askFor(page, { chain: 'OP Mainnet', token: 'USDC', amount: '100' })
  const recipient = page.getByLabel('Recipient')
  const refused: [string, RegExp][] = [
    [zeroAddress, /^This is the zero address/],
    ['0x000000000000000000000000000000000000dEaD', /^This is a burn address/],
    [findTokenBySymbol(10, 'USDC')!.address, /^This is the USDC token contract/],
    [addresses.permit2, /^This is the Permit2 contract/],
    [fillerAccount.address, /^This is the filler that delivers routes/],
  ]
  for (const [address, words] of refused) {
    await recipient.fill(address)
    await expect(recipient).toHaveAttribute('aria-invalid', 'true')
    await expect(recipient).toHaveAccessibleDescription(words)
  }
  await getRoute(page)
  await expect(page.getByText('Fix the 1 marked field: nothing was sent.')).toBeVisible()
  await expect(recipient).toBeFocused()
  expect(posts()).toBe(0)
  await expectAccessible(page, 'a refused recipient')
  await screenshot(page, 'route-recipient-refused')

  // One letter's case changed: the checksum is named, with the address it would be.
  await recipient.fill(demoAddress.replace('C51812', 'c51812'))
  await expect(recipient).toHaveAccessibleDescription(new RegExp(`^The checksum does not match.*${demoAddress}`))
  await recipient.fill('0x00000000000000000000000000000000000bEEf1')
  await expect(recipient).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('request-status')).toContainText('ready to send')
})

for (const { name, size } of viewports) {
  test(`the countdown, Sign and Submit close a minute before the fill deadline; one click re-quotes (${name} px)`, async ({ page }) => {
    await page.setViewportSize(size)
    await page.clock.install()
    await openSignedIn(page)
    await askFor(page, { chain: 'OP Mainnet', token: 'USDC', amount: '100' })
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/intents/route')
    await getRoute(page)
    const route = (await (await answer).json()) as { intentOp: { expires: string; elements: { mandate: { fillDeadline: string } }[] } }
    const fillDeadline = Number(route.intentOp.elements[0]!.mandate.fillDeadline)
    expect(Number(route.intentOp.expires) - fillDeadline).toBe(600)
    const summary = region(page, 'Summary')
    const sign = region(page, 'Sign')
    await expect(summary.getByTestId('expiry')).toHaveText(/^Expires in \d+ min \d\d s/)
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()

    // 30 s before the fill deadline (and 10.5 minutes before intentOp.expires): too late to submit.
    const page30sBefore = (fillDeadline - 30) * 1000
    await page.clock.fastForward(page30sBefore - (await page.evaluate(() => Date.now())))
    await expect(summary.getByTestId('expiry')).toHaveText(/^Expired at /)
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)
    await expect(sign).toContainText('This route has expired and can no longer be signed.')
    await expect(region(page, 'Submit').getByRole('button', { name: 'Submit', exact: true })).toBeDisabled()
    await expect(page.getByRole('navigation', { name: 'Route steps' }).locator('[data-step="Sign"]')).toContainText('deadline passed')
    await expectNoHorizontalOverflow(page)
    await screenshot(page, `route-deadline-passed-${name}`)

    const nonce = (await page.locator('[data-nonce]').getAttribute('data-nonce'))!
    await page.clock.setSystemTime(Date.now())
    await sign.getByRole('button', { name: 'Refresh route' }).click()
    await expect(page.locator('[data-nonce]')).not.toHaveAttribute('data-nonce', nonce)
    await expect(summary.getByTestId('expiry')).toHaveText(/^Expires in \d+ min \d\d s/)
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
  })
}
