// The transfer card beside the amount, at 1440 and 390 px. It quotes by itself once the amount
// settles (no Get route), says before any quote when the funds are already there or more than any
// route can draw, and walks a cross-chain transfer that needs a Permit2 approval (1,000 USDC on
// Arbitrum One, drawn from Base) from the amount to Completed with its one button — Approve (the
// route re-quotes itself on the receipt), Sign, Submit — the button always in view, every state in
// words, and nothing of the quote left once it completed. On a phone the approval is unlimited.
// Balances, the allowance and the account's ETH are put back afterwards: other suites assert the
// seeded state.
import { erc20Abi, maxUint256 } from 'viem'
import { addresses } from '../../lib/core/addresses'
import { base, baseUsdc, restore, setAllowance, snapshot } from './support/baseToArbitrum'
import { devnetClient } from './support/devnet'
import { expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { demoAddress } from './support/portfolioPage'
import {
  askFor,
  connectDemoWallet,
  countRoutePosts,
  expectCompletedCard,
  openBuilder,
  openSignedIn,
  recordCardStages,
  region,
} from './support/routePage'

test.describe.configure({ mode: 'serial' })

test('the amount is checked against the balances as it is typed: funds already there, or more than any route can draw', async ({
  page,
}) => {
  const posts = countRoutePosts(page)
  await openBuilder(page)
  await connectDemoWallet(page)
  await askFor(page, { chain: 'Base', token: 'USDC', amount: '25' })
  const check = page.getByTestId('amount-check')
  await expect(check).toHaveAttribute('data-kind', 'already-there')
  await expect(check).toContainText('The funds are already there: this account holds 1,250.5 USDC on Base, unlocked.')
  // The card says it too, instead of quoting a transfer to where the funds already are.
  const card = page.getByTestId('route-card')
  await expect(card).toHaveAttribute('data-stage', 'nothing-to-move')
  await expect(card.getByTestId('card-title')).toHaveText('Already there, nothing to move')
  await expect(card.getByTestId('primary-action')).toHaveCount(0)
  await askFor(page, { chain: 'Arbitrum One', amount: '100,000' })
  await expect(check).toHaveAttribute('data-kind', 'too-much')
  await expect(check).toContainText('More than a route can draw: at most 2,050.5 USDC before fees')
  // More than any route can draw: said before any quote, with the one-click alternative.
  await expect(card).toHaveAttribute('data-stage', 'cannot-settle')
  await expect(card.getByTestId('card-title')).toHaveText('More than a transfer can draw')
  await expect(card.getByTestId('primary-action')).toHaveText('Send the most possible')
  expect(posts()).toBe(0)
  await askFor(page, { amount: '1,000' })
  await expect(check).toHaveCount(0)
  await expectAccessible(page, 'the amount checked as it is typed')
})

test('the alternative to more than any route can draw is one click: the most possible, quoted by itself', async ({
  page,
}) => {
  await openSignedIn(page)
  await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '100,000' })
  const card = page.getByTestId('route-card')
  await card.getByTestId('primary-action').click()
  const request = page.getByRole('group', { name: 'Token request 1' })
  await expect(request.getByRole('button', { name: 'MAX' })).toHaveAttribute('aria-pressed', 'true')
  await expect(card.getByTestId('card-receive')).toContainText('Arbitrum One', { timeout: 30_000 })
  await expect(card.getByTestId('card-pay')).toContainText('USDC')
})

const runs = [
  { name: '1440', size: { width: 1440, height: 900 }, unlimited: false },
  { name: '390', size: { width: 390, height: 844 }, unlimited: true },
] as const

for (const { name, size, unlimited } of runs) {
  test(`from the amount to Completed in at most ${unlimited ? 4 : 3} actions with the card's one button (${name} px)`, async ({
    page,
  }) => {
    test.slow()
    const seeded = await snapshot()
    await setAllowance(0n)
    try {
      await page.setViewportSize(size)
      await openSignedIn(page)
      await recordCardStages(page)
      // The destination starts where the wallet is (the demo wallet is on Ethereum).
      await expect(page.getByLabel('Destination chain')).toHaveValue('1')
      await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '1,000' })

      let actions = 0
      const act = async (what: () => Promise<void>) => {
        actions++
        await what()
      }
      const primary = page.getByTestId('primary-action')
      const card = page.getByTestId('route-card')
      const title = card.getByTestId('card-title')
      // No Get route: the card quotes by itself once the amount settles.
      await expect(card.getByTestId('card-receive')).toContainText('1,000 USDC', { timeout: 30_000 })
      await expect(card.getByTestId('card-receive')).toContainText('Arbitrum One')
      await expect(card.getByTestId('card-pay')).toContainText('Base')
      await expect(card.getByTestId('card-fee')).toContainText(/^\$\d+\.\d\d · [\d.]+ USDC/)
      await expect(card.getByTestId('card-fee')).toContainText(/\+ ≈ [\d.<]+ ETH \(.+\) gas for the approval/)
      await expect(card.getByTestId('card-eta')).toHaveText(/^≈ \d+ s after submitting$/)
      // One deadline on the card.
      await expect(card.getByTestId('card-deadline')).toHaveText(/^\d+ min \d\d s left/)
      await expect(title).toHaveText('One step before signing')
      await expect(card.getByTestId('card-detail')).toHaveText(
        'A one-time approval so the transfer can draw this token; it moves no funds.',
      )
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
      await expect(title).toHaveText('Ready to sign')
      await expect(card.getByTestId('card-detail')).toHaveText(
        'Your wallet signs the transfer exactly as shown; nothing moves yet.',
      )
      await expect(primary).toBeInViewport()
      const allowance = await devnetClient(base).readContract({
        address: baseUsdc,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [demoAddress, addresses.permit2],
      })
      if (unlimited) expect(allowance).toBe(maxUint256)
      else expect(allowance).toBeLessThan(1_010_000000n)
      await expect(region(page, 'Before you sign')).toHaveCount(0)

      await act(() => primary.click())
      await expect(primary).toHaveText('Submit')
      await expect(title).toHaveText('Ready to submit')
      await expect(primary).toBeInViewport()
      await act(() => primary.click())
      await expectCompletedCard(page, '1,000 USDC on Arbitrum One')
      await expect(primary).toBeInViewport()
      await expect(card).toHaveAttribute('data-phase', 'submitted')
      await expect(
        page.getByRole('navigation', { name: 'Route steps' }).locator('[data-step="Track"]'),
      ).toHaveAttribute('data-state', 'done')
      expect(actions).toBeLessThanOrEqual(unlimited ? 4 : 3)
      // Every state the card went through, in order, settling in plain words before Completed.
      const stages = await page.evaluate(() => (window as unknown as { cardStages: string[] }).cardStages)
      expect(inOrder(stages, ['quoting', 'requirement', 'sign', 'submit', 'settling', 'completed'])).toBe(true)

      const after = await snapshot()
      expect(after.arb - seeded.arb).toBe(1_000_000000n)
      expect(after.base).toBeLessThan(seeded.base - 1_000_000000n)
      await expectAccessible(page, `a completed route from the card at ${name} px`)
      await screenshot(page, `route-card-completed-${name}`)

      // New transfer: the card and the route go; the amount is asked for again.
      await primary.click()
      await expect(card).toHaveAttribute('data-stage', 'idle')
      await expect(page.getByRole('group', { name: 'Token request 1' }).getByLabel(/^Amount/)).toHaveValue('')
      await expect(page.locator('[data-nonce]')).toHaveCount(0)
    } finally {
      await restore(seeded)
    }
  })
}

/** Whether `wanted` appears in `seen` in this order (other stages may come between). */
function inOrder(seen: readonly string[], wanted: readonly string[]): boolean {
  let at = 0
  for (const stage of seen) if (stage === wanted[at]) at++
  return at === wanted.length
}
