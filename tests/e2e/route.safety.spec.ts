// What must never be signed, at 1440 and 390 px: a route the form no longer describes (edited, or
// failing its checks) cannot be approved, signed or submitted, and the card asks for the new one by
// itself (the old route stays readable, never signable, while it comes); a recipient that would
// lose the tokens is refused before anything is sent, and a mistyped checksum is said to be one; the
// countdown, Sign and Submit follow one deadline — the fill deadline less a minute — a quote nothing
// was signed for refreshes itself before it, and after it one click asks for a new route.
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
  test(`a route is outdated the moment the form changes or fails its checks, and re-quoted by itself (${name} px)`, async ({
    page,
  }) => {
    // Real work: two routes, axe and a full-page screenshot.
    test.slow()
    await page.setViewportSize(size)
    const posts = countRoutePosts(page)
    await openSignedIn(page)
    await askFor(page, { chain: 'OP Mainnet', token: 'USDC', amount: '100' })
    const sign = region(page, 'Sign')
    const submit = region(page, 'Submit')
    const steps = page.getByRole('navigation', { name: 'Route steps' })
    const card = page.getByTestId('route-card')
    // No Get route: the quote comes by itself once the amount settles. The route is read live on
    // every chain: a loaded machine takes its time.
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled({ timeout: 20_000 })
    expect(posts()).toBe(1)
    const firstNonce = (await page.locator('[data-nonce]').getAttribute('data-nonce'))!

    // The next quote is held on its way, to read the page while it comes.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/v1/intents/route', async (route) => {
      await held
      await route.continue()
    })

    // An edit that fails validation: the route stays readable, but nothing about it can be signed.
    const amount = page.getByRole('group', { name: 'Token request 1' }).getByLabel(/^Amount/)
    await amount.fill('1.1234567')
    await expect(page.getByTestId('route-outdated')).toContainText('The form has a problem now')
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)
    await expect(submit.getByRole('button', { name: 'Submit', exact: true })).toBeDisabled()
    await expect(steps.locator('[data-step="Sign"]')).toHaveAttribute('data-state', 'closed')
    // The card shows nothing of the old quote.
    await expect(card).toHaveAttribute('data-stage', 'outdated')
    await expect(card.getByTestId('card-pay')).toHaveCount(0)

    // Back to exactly what it answered: signable again, and nothing is asked for.
    await amount.fill('100')
    await expect(page.getByTestId('route-outdated')).toHaveCount(0)
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
    await amount.fill('1,01')
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)
    expect(posts()).toBe(1)

    // A valid but different ask: still not what the route answered; the new quote goes out by itself.
    await amount.fill('101')
    await expect(page.getByTestId('route-outdated')).toContainText('The form changed')
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)
    await expect(submit).toContainText('The form changed')
    await expect.poll(posts).toBe(2)
    await expect(card).toHaveAttribute('data-stage', 'quoting')
    await expect(card.getByTestId('card-title')).toHaveText('Finding the best route…')
    await expect(card.getByTestId('card-pay')).toHaveCount(0)
    await expect(card.getByTestId('primary-action')).toHaveCount(0)
    await expectNoHorizontalOverflow(page)
    await expectAccessible(page, `an outdated route at ${name} px`)
    await screenshot(page, `route-outdated-${name}`)

    release()
    await expect(page.locator('[data-nonce]')).not.toHaveAttribute('data-nonce', firstNonce)
    await expect(region(page, 'Summary').getByTestId('receive')).toContainText('101 USDC')
    await expect(card.getByTestId('card-receive')).toContainText('101 USDC')
    await expect(page.getByTestId('route-outdated')).toHaveCount(0)
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
    expect(posts()).toBe(2)
  })
}

test('recipients that would lose the tokens are refused before anything is sent, and a bad checksum is named', async ({
  page,
}) => {
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
  test(`the countdown, Sign and Submit close a minute before the fill deadline; a quote refreshes itself before it (${name} px)`, async ({
    page,
  }) => {
    test.slow()
    await page.setViewportSize(size)
    await page.clock.install()
    await openSignedIn(page)
    const routeAnswer = () =>
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/intents/route',
      )
    type Answer = { intentOp: { nonce: string; expires: string; elements: { mandate: { fillDeadline: string } }[] } }
    // Every quote the page receives, to read the one it shows.
    const answers: Answer[] = []
    page.on('response', async (r) => {
      if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/intents/route' && r.ok())
        answers.push((await r.json()) as Answer)
    })
    const answer = routeAnswer()
    await askFor(page, { chain: 'OP Mainnet', token: 'USDC', amount: '100' })
    const route = (await (await answer).json()) as Answer
    const fillDeadline = Number(route.intentOp.elements[0]!.mandate.fillDeadline)
    expect(Number(route.intentOp.expires) - fillDeadline).toBe(600)
    const summary = region(page, 'Summary')
    const sign = region(page, 'Sign')
    const card = page.getByTestId('route-card')
    await expect(summary.getByTestId('expiry')).toHaveText(/^Expires in \d+ min \d\d s/)
    await expect(card.getByTestId('card-deadline')).toHaveText(/^\d+ min \d\d s left/)
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()

    // Nothing signed yet: 30 s before its deadline (the fill deadline less a minute) the quote is
    // asked for again by itself.
    const refreshed = routeAnswer()
    await page.clock.fastForward((fillDeadline - 60 - 25) * 1000 - (await page.evaluate(() => Date.now())))
    const first = (await (await refreshed).json()) as Answer
    expect(first.intentOp.nonce).not.toBe(route.intentOp.nonce)
    await expect(page.locator('[data-nonce]')).not.toHaveAttribute('data-nonce', route.intentOp.nonce)
    // The service quotes on its own (real) clock: the page's is set back to it, and the new quote
    // then reads as it is, minutes from its deadline.
    await page.clock.setSystemTime(Date.now())
    await expect(summary.getByTestId('expiry')).toHaveText(/^Expires in \d+ min \d\d s/)
    await expect(card.getByTestId('card-deadline')).toHaveText(/^\d+ min \d\d s left/)
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
    const shownNonce = await page.locator('[data-nonce]').getAttribute('data-nonce')
    await expect.poll(() => answers.some((a) => a.intentOp.nonce === shownNonce)).toBe(true)
    const next = answers.find((a) => a.intentOp.nonce === shownNonce)!

    // Signed, it is never refreshed (that would throw the signature away): 30 s before the fill
    // deadline (and 10.5 minutes before intentOp.expires) it is too late to submit.
    await sign.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(sign).toContainText('The signature recovers to the sponsor.')
    const nextFill = Number(next.intentOp.elements[0]!.mandate.fillDeadline)
    await page.clock.fastForward((nextFill - 30) * 1000 - (await page.evaluate(() => Date.now())))
    await expect(summary.getByTestId('expiry')).toHaveText(/^Expired at /)
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)
    await expect(sign).toContainText('This route has expired and can no longer be signed.')
    await expect(region(page, 'Submit').getByRole('button', { name: 'Submit', exact: true })).toBeDisabled()
    await expect(page.getByRole('navigation', { name: 'Route steps' }).locator('[data-step="Sign"]')).toContainText(
      'deadline passed',
    )
    // The card says Expired, shows nothing of the old quote, and offers the new one.
    await expect(card).toHaveAttribute('data-stage', 'expired')
    await expect(card.getByTestId('card-title')).toHaveText('Expired')
    await expect(card.getByTestId('card-detail')).toHaveText(
      'The quote passed its deadline before it was submitted: nothing moved.',
    )
    await expect(card.getByTestId('card-pay')).toHaveCount(0)
    await expect(card.getByTestId('card-deadline')).toHaveCount(0)
    await expect(card.getByTestId('primary-action')).toHaveText('Get a new quote')
    await expectNoHorizontalOverflow(page)
    await screenshot(page, `route-deadline-passed-${name}`)

    await page.clock.setSystemTime(Date.now())
    await sign.getByRole('button', { name: 'Refresh route' }).click()
    await expect(page.locator('[data-nonce]')).not.toHaveAttribute('data-nonce', next.intentOp.nonce)
    await expect(summary.getByTestId('expiry')).toHaveText(/^Expires in \d+ min \d\d s/)
    await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
  })
}
