// The route card beside the amount, at 1440 and 390 px: a cross-chain transfer that needs a Permit2
// approval (1,000 USDC on Arbitrum One, drawn from Base) goes from the amount to Completed with the
// card's one button — Get route, Approve (the route re-quotes itself on the receipt), Sign, Submit —
// the button always in view. On a phone the approval is unlimited. Balances, the allowance and the
// account's ETH are put back afterwards: other suites assert the seeded state.
import { erc20Abi, maxUint256 } from 'viem'
import { addresses } from '../../lib/core/addresses'
import { base, baseUsdc, restore, setAllowance, snapshot } from './support/baseToArbitrum'
import { devnetClient } from './support/devnet'
import { expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { demoAddress } from './support/portfolioPage'
import { askFor, connectDemoWallet, openBuilder, openSignedIn, region } from './support/routePage'

test.describe.configure({ mode: 'serial' })

test('the amount is checked against the balances as it is typed: funds already there, or more than any route can draw', async ({ page }) => {
  await openBuilder(page)
  await connectDemoWallet(page)
  await askFor(page, { chain: 'Base', token: 'USDC', amount: '25' })
  const check = page.getByTestId('amount-check')
  await expect(check).toHaveAttribute('data-kind', 'already-there')
  await expect(check).toContainText('The funds are already there: this account holds 1,250.5 USDC on Base, unlocked.')
  await askFor(page, { chain: 'Arbitrum One', amount: '100,000' })
  await expect(check).toHaveAttribute('data-kind', 'too-much')
  await expect(check).toContainText('More than a route can draw: at most 2,050.5 USDC before fees')
  await askFor(page, { amount: '1,000' })
  await expect(check).toHaveCount(0)
  await expectAccessible(page, 'the amount checked as it is typed')
})

const runs = [
  { name: '1440', size: { width: 1440, height: 900 }, unlimited: false },
  { name: '390', size: { width: 390, height: 844 }, unlimited: true },
] as const

for (const { name, size, unlimited } of runs) {
  test(`from the amount to Completed in at most 6 actions with the card's one button (${name} px)`, async ({ page }) => {
    test.slow()
    const seeded = await snapshot()
    await setAllowance(0n)
    try {
      await page.setViewportSize(size)
      await openSignedIn(page)
      await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '1,000' })

      let actions = 0
      const act = async (what: () => Promise<void>) => {
        actions++
        await what()
      }
      const primary = page.getByTestId('primary-action')
      await act(() => page.getByRole('button', { name: 'Get route' }).click())
      const card = page.getByTestId('route-card')
      await expect(card.getByTestId('card-receive')).toContainText('1,000 USDC')
      await expect(card.getByTestId('card-receive')).toContainText('Arbitrum One')
      await expect(card.getByTestId('card-pay')).toContainText('Base')
      await expect(card.getByTestId('card-fee')).toContainText(/^\$\d+\.\d\d · [\d.]+ USDC/)
      await expect(card.getByTestId('card-fee')).toContainText(/\+ ≈ [\d.<]+ ETH \(.+\) gas for the approval/)
      await expect(card.getByTestId('card-eta')).toHaveText(/^≈ \d+ s after submitting$/)
      await expect(primary).toHaveText('Approve USDC on Base')
      await expect(primary).toBeInViewport()
      await expectNoHorizontalOverflow(page)
      await expectAccessible(page, `the route card at ${name} px`)
      await screenshot(page, `route-card-approve-${name}`)
      if (unlimited) await act(() => card.getByLabel(/^Unlimited/).check())

      const firstNonce = (await page.locator('[data-nonce]').getAttribute('data-nonce'))!
      await act(() => primary.click())
      // The receipt re-quotes by itself: a new route, no approval left, Sign next.
      await expect(page.locator('[data-nonce]')).not.toHaveAttribute('data-nonce', firstNonce, { timeout: 30_000 })
      await expect(primary).toHaveText('Sign', { timeout: 30_000 })
      await expect(primary).toBeInViewport()
      const allowance = await devnetClient(base).readContract({ address: baseUsdc, abi: erc20Abi, functionName: 'allowance', args: [demoAddress, addresses.permit2] })
      if (unlimited) expect(allowance).toBe(maxUint256)
      else expect(allowance).toBeLessThan(1_010_000000n)
      await expect(region(page, 'Before you sign')).toHaveCount(0)

      await act(() => primary.click())
      await expect(primary).toHaveText('Submit')
      await expect(primary).toBeInViewport()
      await act(() => primary.click())
      await expect(primary).toHaveText('Completed', { timeout: 30_000 })
      await expect(primary).toBeInViewport()
      await expect(card).toHaveAttribute('data-phase', 'submitted')
      await expect(page.getByRole('navigation', { name: 'Route steps' }).locator('[data-step="Track"]')).toHaveAttribute('data-state', 'done')
      expect(actions).toBeLessThanOrEqual(6)

      const after = await snapshot()
      expect(after.arb - seeded.arb).toBe(1_000_000000n)
      expect(after.base).toBeLessThan(seeded.base - 1_000_000000n)
      await expectAccessible(page, `a completed route from the card at ${name} px`)
      await screenshot(page, `route-card-completed-${name}`)
    } finally {
      await restore(seeded)
    }
  })
}
