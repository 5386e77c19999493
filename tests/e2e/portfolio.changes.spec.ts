// What changed after a route, highlighted on the portfolio: the demo account moves 100 USDC from
// Base to Arbitrum One (already approved, so Get route, Sign, Submit), then opens the portfolio:
// the two chains and their USDC rows are marked "Changed" with the delta, nothing else is, and
// "Clear highlights" ends it. Balances, allowance and ETH are put back afterwards.
import { maxUint256 } from 'viem'
import { restore, setAllowance, snapshot } from './support/baseToArbitrum'
import { expect, expectAccessible, test } from './support/fixtures'
import { askFor, expectCompletedCard, getRoute, openAdvanced, openSignedIn } from './support/routePage'

test('after a route completes, the portfolio highlights the balances it changed, with the delta', async ({ page }) => {
  test.slow()
  const seeded = await snapshot()
  await setAllowance(maxUint256)
  try {
    await page.setViewportSize({ width: 1440, height: 900 })
    await openSignedIn(page)
    await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '100' })
    await openAdvanced(page)
    await page.getByRole('list', { name: 'Draw USDC from' }).getByRole('checkbox', { name: /^Base/ }).check()
    await getRoute(page)
    const primary = page.getByTestId('primary-action')
    await expect(primary).toHaveText('Sign')
    const paid = (await page.getByTestId('card-pay').textContent())!.match(/([\d,.]+) USDC/)![1]!
    await primary.click()
    await expect(primary).toHaveText('Submit')
    await primary.click()
    await expectCompletedCard(page, '100 USDC on Arbitrum One')

    await page.getByRole('navigation').getByRole('link', { name: 'Portfolio' }).click()
    const chains = page.getByTestId('chain-view')
    const notice = chains.getByTestId('balance-changes')
    await expect(notice).toContainText('Highlighted: 2 balances changed since the route you submitted at')
    const baseCard = chains.locator('[data-chain-card="Base"]')
    const arbCard = chains.locator('[data-chain-card="Arbitrum One"]')
    await expect(baseCard).toHaveAttribute('data-changed', 'true')
    await expect(arbCard).toHaveAttribute('data-changed', 'true')
    await expect(chains.locator('[data-chain-card="OP Mainnet"]')).not.toHaveAttribute('data-changed')
    await expect(chains.locator('[data-chain-card][data-changed]')).toHaveCount(2)
    // The deltas: what the route drew on Base (the card's "You pay", at the row's cents) and the 100 delivered.
    const cents = paid.replace(/(\.\d\d)\d*$/, '$1')
    await expect(baseCard.locator('[data-holding="USDC"] [data-change]')).toHaveText(`Changed: −${cents} USDC`)
    await expect(arbCard.locator('[data-holding="USDC"] [data-change]')).toHaveText('Changed: +100 USDC')
    await expect(baseCard.locator('[data-holding="ETH"]')).not.toHaveAttribute('data-changed')
    await expectAccessible(page, 'the portfolio with what a route changed')
    await chains.screenshot({ path: 'tests/artifacts/screenshots/portfolio-changes.png' })

    await notice.getByRole('button', { name: 'Clear highlights' }).click()
    await expect(notice).toHaveCount(0)
    await expect(chains.locator('[data-changed]')).toHaveCount(0)
  } finally {
    await restore(seeded)
  }
})
