// Wrapping ETH for a route, the whole loop: a request for more WETH on Ethereum than the demo
// account holds (1.5 WETH, 2 ETH) asks it to wrap ETH and approve Permit2; once both are done in the
// wallet, the refreshed route asks for neither — even when gas got dearer in between, which re-prices
// the route a little higher (the wallet transactions carry a little headroom) — and only then can it
// be signed.

import { devnetClient } from './support/devnet'
import { expect, expectAccessible, screenshot, test } from './support/fixtures'
import { askFor, connectDemoWallet, getRoute, openBuilder, region } from './support/routePage'

test('after "Wrap in wallet" and "Approve in wallet", the refreshed route asks for neither', async ({ page }) => {
  // Other suites assert the seeded balances to the last digit: put Ethereum back as it was.
  const ethereum = devnetClient(1)
  const snapshot = await ethereum.snapshot()
  try {
    await openBuilder(page)
    await connectDemoWallet(page)
    // Routes for a wallet are built once it has signed in with Ethereum (the page offers it).
    const signInPanel = region(page, 'Sign in to build routes')
    await signInPanel.getByRole('button', { name: 'Sign in with Ethereum' }).click()
    await expect(signInPanel).toHaveCount(0)
    await askFor(page, { chain: 'Ethereum', token: 'WETH', amount: '2' })
    await getRoute(page)
    const before = region(page, 'Before you sign')
    const wrap = before.locator('[data-requirement="wrap"]')
    const approval = before.locator('[data-requirement="approval"]')
    await expect(wrap).toContainText(/Wrap 0\.5\d* ETH into WETH on Ethereum/)
    await expect(approval).toContainText(/Approve Permit2 to spend 2\.\d+ WETH on Ethereum/)
    // Sign stays closed while a requirement is open.
    await expect(region(page, 'Sign').getByRole('button', { name: 'Sign', exact: true })).toBeDisabled()
    const steps = page.getByRole('navigation', { name: 'Route steps' })
    await expect(steps.locator('[data-step="Requirements"]')).toContainText('2 open')
    await expect(steps.locator('[data-step="Sign"]')).toContainText('after the requirements')
    await expect(region(page, 'Elements (1)').locator('[data-funding]')).toHaveText('Approved via Permit2')
    await expectAccessible(page, 'a route that needs a wrap')
    await screenshot(page, 'route-wrap-needed')

    await wrap.getByRole('button', { name: 'Wrap in wallet' }).click()
    await expect(wrap).toContainText('Confirmed.')
    await approval.getByRole('button', { name: 'Approve in wallet' }).click()
    await expect(approval).toContainText('Confirmed.')

    // Gas gets dearer before the refresh, as after two full blocks (+12.5 % each under EIP-1559): the
    // re-priced route needs a little more WETH than was wrapped for it, and the headroom covers it.
    const { baseFeePerGas } = await ethereum.getBlock()
    await ethereum.setNextBlockBaseFeePerGas({ baseFeePerGas: (baseFeePerGas! * 5n) / 4n })
    await ethereum.mine({ blocks: 1 })

    const firstNonce = await page.locator('[data-nonce]').getAttribute('data-nonce')
    await wrap.getByRole('button', { name: /Refresh the route/ }).click()
    await expect(page.locator('[data-nonce]')).not.toHaveAttribute('data-nonce', firstNonce!)
    await expect(region(page, 'Summary')).toBeVisible()
    await expect(region(page, 'Before you sign')).toHaveCount(0)
    await expect(region(page, 'Sign').getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
    await expect(steps.locator('[data-step="Requirements"]')).toContainText('none open')
    await screenshot(page, 'route-wrap-done')
  } finally {
    await ethereum.revert({ id: snapshot })
  }
})
