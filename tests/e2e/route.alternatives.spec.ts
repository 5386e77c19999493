// The route builder's "From" side and the planner's other routes: 400 USDC on Ethereum, which the
// demo account can draw from USDC locked on OP Mainnet or unlocked on Base or Arbitrum One. The
// holdings show with their chains, balances and USD; the answer lists the other routes with a fee
// and an ETA each; choosing one re-quotes with that choice (the form says it too), and ticking a
// holding limits the route to it. Nothing is signed: the seeded balances stay as they are.
import { expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { askFor, getRoute, openAdvanced, openSignedIn } from './support/routePage'

test('pick where the funds come from, see the other routes with fee and ETA, and choose one', async ({ page }) => {
  test.slow()
  await page.setViewportSize({ width: 1440, height: 900 })
  await openSignedIn(page)
  await askFor(page, { chain: 'Ethereum', token: 'USDC', amount: '400' })
  // Where the funds come from is chosen in Advanced.
  await openAdvanced(page)

  const from = page.getByRole('group', { name: 'From' })
  const holdings = from.getByRole('list', { name: 'Draw USDC from' })
  await expect(holdings.getByRole('checkbox', { name: /Base\s*USDC\s*1,250\.5 \(\$1,250\.50\)/ })).not.toBeChecked()
  await expect(holdings.getByRole('checkbox', { name: /OP Mainnet\s*USDC\s*500 locked \(\$500\.00\)/ })).toBeVisible()
  await expect(holdings.getByRole('checkbox', { name: /Arbitrum One\s*USDC\s*800 \(\$800\.00\)/ })).toBeVisible()
  await expect(holdings.locator('[data-source="8453:USDC"] img')).toHaveCount(2) // the chain's and the token's icons

  await getRoute(page)
  const card = page.getByTestId('route-card')
  await expect(card.getByTestId('card-receive')).toContainText('400 USDC')
  const others = page.getByRole('region', { name: 'Other routes' })
  await expect(others.locator('[data-alternative]').first()).toHaveAttribute('data-chosen', 'true')
  expect(await others.locator('[data-alternative]').count()).toBeGreaterThanOrEqual(3)
  for (const fee of await others.locator('[data-alternative-fee]').all())
    await expect(fee).toHaveText(/^\$\d[\d,]*\.\d\d$|^<\$0\.01$/)
  for (const eta of await others.locator('[data-alternative-eta]').all())
    await expect(eta).toHaveText(/^≈ \d+ (s|min)$/)
  // The chosen route's ETA is the card's.
  const cardEta = (await card.getByTestId('card-eta').textContent())!.replace(' after submitting', '')
  await expect(others.locator('[data-chosen="true"] [data-alternative-eta]')).toHaveText(cardEta)
  await expectAccessible(page, 'the route with its alternatives')
  await screenshot(page, 'route-alternatives', { fullPage: false })

  // The locked funds on OP Mainnet instead: the route is asked for again with that choice.
  const nonce = (await page.locator('[data-nonce]').first().getAttribute('data-nonce'))!
  await others.getByRole('button', { name: /^Use this route: Locked USDC on OP Mainnet/ }).click()
  await expect(page.locator('[data-nonce]').first()).not.toHaveAttribute('data-nonce', nonce)
  await expect(card.getByTestId('card-pay')).toContainText('OP Mainnet')
  await expect(card.getByTestId('card-pay')).not.toContainText('Base')
  await expect(others.locator('[data-chosen="true"]')).toContainText('Locked')
  await expect(holdings.getByRole('checkbox', { name: /OP Mainnet\s*USDC/ })).toBeChecked()
  await expect(from.getByLabel('Funds')).toHaveValue('COMPACT')
  await expect(page.getByTestId('primary-action')).toBeEnabled()

  // Any source again: the cheapest route, no choice left in the form.
  const lockedNonce = (await page.locator('[data-nonce]').first().getAttribute('data-nonce'))!
  await others.getByRole('button', { name: 'Let the route use any source again' }).click()
  await expect(page.locator('[data-nonce]').first()).not.toHaveAttribute('data-nonce', lockedNonce)
  await expect(holdings.getByRole('checkbox', { checked: true })).toHaveCount(0)
  await expect(from.getByLabel('Funds')).toHaveValue('')
  await expect(others.locator('[data-chosen="true"]')).toContainText('Unlocked')

  // Ticking a holding limits the route to it.
  await holdings.getByRole('checkbox', { name: /Arbitrum One\s*USDC/ }).check()
  await getRoute(page)
  await expect(card.getByTestId('card-pay')).toContainText('Arbitrum One')
  await expect(card.getByTestId('card-pay')).not.toContainText('Base')
  await expect(card.getByTestId('card-pay')).not.toContainText('OP Mainnet')
  await expect(page.getByTestId('primary-action')).toBeEnabled()
  await expectNoHorizontalOverflow(page)
})
