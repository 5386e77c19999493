// The portfolio chain first, at 1440 and 390 px: each chain's holdings with its USD total, WETH on
// its own row apart from ETH, stablecoins to the cent, nothing empty unless asked for, and from a
// row the next step (Move, Use locked funds).
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { demoAddress } from './support/portfolioPage'
import { openAdvanced } from './support/routePage'

for (const { name, size } of [
  { name: '1440', size: { width: 1440, height: 900 } },
  { name: '390', size: { width: 390, height: 844 } },
] as const) {
  test(`balances by chain, WETH apart from ETH, each row with its next step (${name} px)`, async ({ page }) => {
    await page.setViewportSize(size)
    await page.goto(`${baseUrl()}/portfolio?address=${demoAddress}`)
    const view = page.getByTestId('chain-view')
    const ethereum = view.locator('[data-chain-card="Ethereum"]')
    await expect(ethereum.locator('[data-holding="ETH"] [data-amount]')).toHaveText('2')
    await expect(ethereum.locator('[data-holding="WETH"] [data-amount]')).toHaveText('1.5')
    await expect(ethereum.getByTestId('chain-total')).toHaveText(/^\$[\d,]+\.\d\d$/)
    // The totals are above the fold, on a phone too: nothing to scroll to see what the account holds.
    await expect(page.locator('dt', { hasText: 'Total value' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
      /^\$[\d,]+\.\d\d$/,
    )
    await expect(page.locator('dt', { hasText: 'Total value' })).toBeInViewport()
    const op = view.locator('[data-chain-card="OP Mainnet"]')
    await expect(op.locator('[data-holding="USDC"] [data-locked]')).toHaveText('+ 500 locked')
    await expect(op.locator('[data-holding="USDC"]').getByRole('link', { name: /^Use locked funds/ })).toHaveAttribute(
      'href',
      '/route?from=10&token=USDC',
    )
    await expect(view.locator('[data-chain-card="Base"] [data-holding="USDC"] [data-amount]')).toHaveText('1,250.5')
    await expect(
      view.locator('[data-chain-card="Base"] [data-holding="USDC"]').getByRole('link', { name: /^Move/ }),
    ).toBeVisible()
    // Nothing empty by default; every row holds something.
    for (const amount of await view.locator('[data-holding]').all()) expect(await amount.textContent()).toMatch(/[1-9]/)
    await expectNoHorizontalOverflow(page)
    await expectAccessible(page, `balances by chain at ${name} px`)
    await screenshot(page, `portfolio-chains-${name}`)

    // Move from a row: the builder draws on that chain and token only, and asks for it elsewhere.
    await view.locator('[data-chain-card="Base"] [data-holding="USDC"]').getByRole('link', { name: /^Move/ }).click()
    await expect(page).toHaveURL(`${baseUrl()}/route?from=8453&token=USDC`)
    await expect(page.getByLabel('Destination chain')).toHaveValue('42161')
    const request = page.getByRole('group', { name: 'Token request 1' })
    await expect(request.getByLabel('Token', { exact: true }).locator('option:checked')).toHaveText('USDC')
    // Inside Advanced (its own details): the group's summary says how many rules the row set.
    const funds = page.locator('summary', { hasText: 'Which funds to use' })
    await expect(funds).toContainText('2 rules')
    await openAdvanced(page)
    await funds.click()
    await expect(
      page.getByRole('group', { name: 'Use only these chains' }).getByRole('checkbox', { name: 'Base' }),
    ).toBeChecked()
    await expect(
      page.getByRole('group', { name: 'Use only these chains' }).getByRole('checkbox', { checked: true }),
    ).toHaveCount(1)
    await expect(
      page.getByRole('group', { name: 'Use only these tokens' }).getByRole('checkbox', { name: 'USDC' }),
    ).toBeChecked()
    await expect(
      page.getByRole('group', { name: 'Use only these tokens' }).getByRole('checkbox', { checked: true }),
    ).toHaveCount(1)
  })
}
