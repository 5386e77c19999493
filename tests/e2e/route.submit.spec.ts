// Submitting a signed route and following it to the end, with the demo wallet: 100 USDC on OP
// Mainnet from the 500 USDC the demo account has locked in The Compact there (locked funds need no
// Permit2 approval). Signed, submitted, claimed and delivered by the test stack's filler; the
// timeline's transactions open in the built-in transaction page; the portfolio shows the new
// balances and the history the intent's status. The completed route's own page is final (no
// countdown, no Sign); a route another client submitted first is a 409, shown as "already
// submitted" while the page follows the existing intent — at 390 px.
// The demo account's OP Mainnet USDC is put back afterwards: other suites assert the seeded balances.
import { erc20Abi, type Hex, parseAbi } from 'viem'
import { addresses } from '../../lib/core/addresses'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockId } from '../../lib/core/locks/lockId'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import * as artifacts from '../../lib/devnet/contracts/artifacts'
import { demoAccount, operatorAddress } from '../../lib/devnet/demoAccount'
import { mined } from '../../lib/devnet/devnetClient'
import { formatAmount } from '../../lib/ui/shared/formatAmount'
import { signInCookie } from '../support/signIn'
import { asThePage, devnetClient, keepingEthBalance } from './support/devnet'
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { chainRow, demoAddress, expandToken, expectAmounts } from './support/portfolioPage'
import { askFor, connectDemoWallet, region, signIn } from './support/routePage'

test.describe.configure({ mode: 'serial' })

const op = 10
const usdc = findTokenBySymbol(op, 'USDC')!.address
const usdcLock = lockId(defaultLockTag, usdc)
const compactAbi = parseAbi(['function balanceOf(address owner, uint256 id) view returns (uint256)'])

type UsdcState = { unlocked: bigint; locked: bigint; compactAllowance: bigint }

async function readUsdc(): Promise<UsdcState> {
  const client = devnetClient(op)
  const [unlocked, locked, compactAllowance] = await Promise.all([
    client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [demoAddress] }),
    client.readContract({
      address: addresses.theCompact,
      abi: compactAbi,
      functionName: 'balanceOf',
      args: [demoAddress, usdcLock],
    }),
    client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [demoAddress, addresses.theCompact],
    }),
  ])
  return { unlocked, locked, compactAllowance }
}

/** Locks again what the route spent (minting the fee) and sends the delivered USDC away, so OP Mainnet's USDC reads as seeded. */
async function restoreUsdc(before: UsdcState): Promise<void> {
  const client = devnetClient(op)
  const now = await readUsdc()
  const spent = before.locked - now.locked
  const received = now.unlocked - before.unlocked
  await keepingEthBalance(op, demoAddress, async () => {
    const send = (hash: Promise<Hex>) => mined(client, hash)
    if (spent > 0n) {
      const mint = spent - received
      if (mint > 0n)
        await send(
          client.writeContract({
            address: usdc,
            abi: artifacts.devToken.abi,
            functionName: 'mint',
            args: [demoAddress, mint],
            account: operatorAddress,
            chain: client.chain,
          }),
        )
      if (mint < 0n)
        await send(
          client.writeContract({
            address: usdc,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [operatorAddress, -mint],
            account: demoAddress,
            chain: client.chain,
          }),
        )
      await send(
        client.writeContract({
          address: usdc,
          abi: erc20Abi,
          functionName: 'approve',
          args: [addresses.theCompact, spent],
          account: demoAddress,
          chain: client.chain,
        }),
      )
      await send(
        client.writeContract({
          address: addresses.theCompact,
          abi: artifacts.resourceLocks.abi,
          functionName: 'depositERC20',
          args: [usdc, defaultLockTag, spent, demoAddress],
          account: demoAddress,
          chain: client.chain,
        }),
      )
    } else if (received > 0n) {
      await send(
        client.writeContract({
          address: usdc,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [operatorAddress, received],
          account: demoAddress,
          chain: client.chain,
        }),
      )
    }
    const allowance = await client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [demoAddress, addresses.theCompact],
    })
    if (allowance !== before.compactAllowance)
      await send(
        client.writeContract({
          address: usdc,
          abi: erc20Abi,
          functionName: 'approve',
          args: [addresses.theCompact, before.compactAllowance],
          account: demoAddress,
          chain: client.chain,
        }),
      )
  })
  expect(await readUsdc()).toEqual(before)
}

let before: UsdcState | undefined
let submitted: { nonce: string; claimHash: Hex; fillHash: Hex } | undefined

test.beforeAll(async () => {
  before = await readUsdc()
})

test.afterAll(async () => {
  if (before) await restoreUsdc(before)
})

test('sign, submit and follow a route to Completed; the transactions, portfolio and history show it', async ({
  page,
}) => {
  test.slow()
  await page.goto(`${baseUrl()}/portfolio`)
  await page.getByRole('button', { name: 'Connect the demo wallet' }).click()
  await signIn(page)
  await expandToken(page, 'USDC')
  await expectAmounts(chainRow(page, 'OP Mainnet', 'USDC'), {
    total: formatAmount(before!.locked, 6),
    unlocked: '0',
    locked: formatAmount(before!.locked, 6),
  })

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Route builder' }).click()
  await askFor(page, { chain: 'OP Mainnet', token: 'USDC', amount: '100' })
  await page.getByRole('button', { name: 'Get route' }).click()
  const elements = region(page, 'Elements (1)')
  await expect(elements.locator('[data-element="OP Mainnet"]')).toContainText('Locked in The Compact')
  await expect(region(page, 'Before you sign')).toHaveCount(0)
  const nonce = (await page.locator('[data-nonce]').getAttribute('data-nonce'))!

  // Submit waits for every signature.
  const submit = region(page, 'Submit')
  await expect(submit.getByRole('button', { name: 'Submit', exact: true })).toBeDisabled()
  await expect(submit).toContainText('Sign every element first')
  const sign = region(page, 'Sign')
  await sign.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(sign).toContainText('The signature recovers to the sponsor.')
  await expect(submit.getByRole('button', { name: 'Submit', exact: true })).toBeEnabled()
  await submit.getByRole('button', { name: 'Submit', exact: true }).click()

  const timeline = submit.getByTestId('intent-timeline')
  await expect(timeline).toHaveAttribute('data-intent-id', nonce)
  await expect(timeline).toHaveAttribute('data-status', 'COMPLETED', { timeout: 30_000 })
  await expect(timeline.getByTestId('intent-headline')).toHaveText('Completed: the tokens arrived on OP Mainnet.')
  const steps = timeline.getByTestId('timeline-step')
  await expect(steps).toHaveCount(4)
  await expect(steps.nth(0)).toContainText('Submitted')
  const claim = timeline.locator('[data-step=claim]')
  await expect(claim).toHaveCount(1)
  await expect(claim).toHaveAttribute('data-state', 'done')
  await expect(claim).toContainText('Claimed on OP Mainnet')
  await expect(claim.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
  const fill = timeline.locator('[data-step=fill]')
  await expect(fill).toContainText('Delivered on OP Mainnet')
  await expect(fill.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
  await expect(fill.locator('time')).toHaveCount(1)
  await expect(timeline.locator('[data-step=final]')).toHaveAttribute('data-state', 'done')
  await expect(claim.getByRole('button', { name: 'Copy hash' })).toBeVisible()
  const claimHash = (await claim.getByTestId('tx-hash').textContent()) as Hex
  const fillHash = (await fill.getByTestId('tx-hash').textContent()) as Hex
  await expect(fill.getByRole('link', { name: 'View transaction: Delivered on OP Mainnet' })).toHaveAttribute(
    'href',
    `/tx/${op}/${fillHash}`,
  )
  await expect(claim.getByRole('link', { name: 'View transaction: Claimed on OP Mainnet' })).toHaveAttribute(
    'href',
    `/tx/${op}/${claimHash}`,
  )
  submitted = { nonce, claimHash, fillHash }
  // Final is final: the step bar, the summary and Sign say so, and nothing counts down.
  const routeSteps = page.getByRole('navigation', { name: 'Route steps' })
  await expect(routeSteps.locator('[data-step="Track"]')).toHaveAttribute('data-state', 'done')
  await expect(routeSteps.locator('[data-step="Track"]')).toContainText('completed')
  await expect(routeSteps.locator('[data-step="Submit"]')).toContainText('submitted')
  await expect(routeSteps.locator('[aria-current="step"]')).toHaveCount(0)
  await expect(region(page, 'Summary').getByTestId('expiry')).toHaveCount(0)
  await expect(region(page, 'Summary').getByTestId('route-phase')).toHaveText('Completed')
  await expect(sign.getByRole('button', { name: /^Sign/ })).toHaveCount(0)
  await expect(sign.getByTestId('sign-closed')).toBeVisible()
  await expectAccessible(page, 'the completed intent')
  await screenshot(page, 'route-submitted')
  await submit.screenshot({ path: 'tests/artifacts/screenshots/route-timeline.png' })

  // The portfolio, through the timeline's link: read again (it was cached from the start), 100 USDC
  // arrived unlocked and the lock paid for it and the fee.
  const after = await readUsdc()
  expect(after.unlocked - before!.unlocked).toBe(100_000000n)
  expect(after.locked).toBeLessThan(before!.locked - 100_000000n)
  const fillLink = (await fill.getByRole('link', { name: /^View transaction/ }).getAttribute('href'))!
  const claimLink = (await claim.getByRole('link', { name: /^View transaction/ }).getAttribute('href'))!
  await timeline.getByRole('link', { name: 'See the new balances in the portfolio' }).click()
  await expandToken(page, 'USDC')
  await expectAmounts(chainRow(page, 'OP Mainnet', 'USDC'), {
    total: formatAmount(after.locked + after.unlocked, 6),
    unlocked: '100',
    locked: formatAmount(after.locked, 6),
  })
  await screenshot(page, 'portfolio-after-submit')

  // The delivery in the transaction page: mined, 100 USDC to the account, the arbiter's Filled.
  await page.goto(`${baseUrl()}${fillLink}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction on OP Mainnet' })).toBeVisible()
  await expect(page.getByTestId('tx-status')).toHaveText(/success/)
  await expect(page.getByTestId('tx-block')).toHaveText(/^\d+ · /)
  await expect(page.getByTestId('transfer').filter({ hasText: demoAddress })).toContainText('100 USDC')
  await expect(page.getByTestId('settlement-event')).toContainText('Delivered')
  await expectAccessible(page, 'the transaction page')
  await screenshot(page, 'tx-fill')

  // The claim: The Compact's claim through the arbiter, the USDC going to the filler.
  await page.goto(`${baseUrl()}${claimLink}`)
  await expect(page.getByTestId('tx-status')).toHaveText(/success/)
  await expect(page.getByTestId('transfer').first()).toContainText('USDC')
  await expect(page.getByTestId('settlement-event')).toContainText('Claimed from The Compact')

  // The history: the route, with its intent's status.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click()
  const entry = page.locator(`li[data-nonce="${nonce}"]`)
  await expect(entry.getByTestId('route-status')).toHaveText(/Completed/)
  // One row per submitted intent, in the activity feed: what arrived, how long it took, the delivery.
  await expect(page.getByTestId('activity').locator(`li[data-nonce="${nonce}"]`)).toBeVisible()
  await expect(entry.getByTestId('received')).toContainText(/^Received 100 USDC on OP Mainnet in [\d.]+ (s|min)/)
  await expect(entry.getByRole('link', { name: /^delivery/ })).toHaveAttribute('href', `/tx/${op}/${fillHash}`)
  await expectAccessible(page, 'the history with intent statuses')
  await screenshot(page, 'history-intent-status')
})

test('a completed route stays final on its own page; a route submitted elsewhere first is "already submitted" and followed (390 px)', async ({
  page,
  allowApiErrors,
}) => {
  expect(submitted, 'the previous test completed the route this one opens').toBeDefined()
  test.slow()
  allowApiErrors(409)
  await page.goto(`${baseUrl()}/history`)
  await connectDemoWallet(page)
  await signIn(page)
  await page.setViewportSize({ width: 390, height: 844 })
  const entry = page.locator(`li[data-nonce="${submitted!.nonce}"]`)
  await expect(entry.getByTestId('route-status')).toHaveText(/Completed/)
  await expect(entry.getByTestId('expiry')).toHaveCount(0)
  await entry.getByRole('link', { name: /^Open/ }).click()

  // The completed route's page: tracked, never signable again, no countdown, the step bar at its end.
  const settled = region(page, 'Settlement').getByTestId('intent-timeline')
  await expect(settled).toHaveAttribute('data-status', 'COMPLETED')
  await expect(settled.locator('[data-step=fill]').getByTestId('tx-hash')).toHaveText(submitted!.fillHash)
  await expect(page.getByTestId('expiry')).toHaveCount(0)
  await expect(region(page, 'Summary').getByTestId('route-phase')).toHaveText('Completed')
  await expect(region(page, 'Sign').getByRole('button', { name: /^Sign/ })).toHaveCount(0)
  await expect(region(page, 'Submit').getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Route steps' }).locator('[data-step="Track"]')).toHaveAttribute(
    'data-state',
    'done',
  )
  await expectNoHorizontalOverflow(page)
  await expectAccessible(page, 'a completed route’s page at 390 px')
  await screenshot(page, 'route-completed-page-390')

  // The same request again, from the seeded state: the route is submitted by another client (the
  // real service answers that first submission) just before the page's own Submit reaches it.
  await restoreUsdc(before!)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Route builder' }).click()
  await askFor(page, { chain: 'OP Mainnet', token: 'USDC', amount: '100' })
  await page.getByRole('button', { name: 'Get route' }).click()
  await expect(region(page, 'Before you sign')).toHaveCount(0)
  const nonce = (await page.locator('[data-nonce]').getAttribute('data-nonce'))!
  const sign = region(page, 'Sign')
  await sign.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(sign).toContainText('The signature recovers to the sponsor.')
  let heldBack = false
  await page.route('**/api/v1/intent-operations', async (route) => {
    // Another client (here: the same page, let through) submits the very same signed route first.
    if (heldBack) return route.continue()
    heldBack = true
    const request = route.request()
    const first = await page.evaluate(
      async ({ url, body, key }) =>
        (await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-api-key': key } }))
          .status,
      {
        url: request.url(),
        body: request.postData()!,
        key: (await request.allHeaders())['x-api-key']!,
      },
    )
    expect(first).toBe(201)
    await route.continue()
  })
  const submit = region(page, 'Submit')
  await submit.getByRole('button', { name: 'Submit', exact: true }).click()
  await expect(submit.getByTestId('already-submitted')).toHaveText(/already submitted/)
  const timeline = submit.getByTestId('intent-timeline')
  await expect(timeline).toHaveAttribute('data-intent-id', nonce)
  await expect(timeline).toHaveAttribute('data-status', 'COMPLETED', { timeout: 30_000 })
  const status = (await (
    await fetch(`${baseUrl()}/api/v1/intent-operation/${nonce}`, {
      headers: asThePage(await signInCookie(baseUrl(), demoAccount)),
    })
  ).json()) as { fillTransactionHash: Hex }
  await expect(timeline.locator('[data-step=fill]').getByTestId('tx-hash')).toHaveText(status.fillTransactionHash)
  await expectNoHorizontalOverflow(page)
  await expectAccessible(page, 'an already-submitted route at 390 px')
  await screenshot(page, 'route-already-submitted-390')

  await page.goto(`${baseUrl()}/tx/${op}/${submitted!.fillHash}`)
  await expect(page.getByTestId('tx-status')).toHaveText(/success/)
  await expectNoHorizontalOverflow(page)
})

test('a transaction the chain does not have, and a malformed link', async ({ page }) => {
  await page.goto(`${baseUrl()}/tx/${op}/0x${'0'.repeat(64)}`)
  await expect(page.getByRole('main').getByRole('alert')).toContainText('No such transaction on this chain')
  await expectAccessible(page, 'a missing transaction')
  // (Fetched, not opened: the browser would log the 404 page load as a console error.)
  expect((await page.request.get(`${baseUrl()}/tx/${op}/0x1234`)).status()).toBe(404)
})
