// The history page: routes issued for the demo account (built here, in the builder and through the
// API), newest first, paged with "load more", re-opened in the inspector; an expired one cannot be
// signed and is refreshed with its original request.
import type { Address } from 'viem'
import { demoAccount } from '../../lib/devnet/demoAccount'
import { signInCookie } from '../support/signIn'
import { asThePage, devnetClient } from './support/devnet'
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { demoAddress } from './support/portfolioPage'
import { askFor, connectDemoWallet, getRoute, openBuilder, region, signIn } from './support/routePage'

const delegate: Address = '0x00000000000000000000000000000000000D1e6A'

// History is per signed-in wallet: routes set up here are issued as the page would issue them (the
// browser key, signed in with Ethereum as the demo account), so the page lists them.
let session: Promise<string> | undefined
async function postRoute(body: object): Promise<string> {
  session ??= signInCookie(baseUrl(), demoAccount)
  const res = await fetch(`${baseUrl()}/api/v1/intents/route`, { method: 'POST', headers: { ...asThePage(await session), 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.status).toBe(200)
  return ((await res.json()) as { intentOp: { nonce: string } }).intentOp.nonce
}

const account = { address: demoAddress, accountType: 'EOA' }

test('lists the routes just built, newest first, loads more, and re-opens one in the inspector', async ({ page }) => {
  test.slow() // builds 22 routes before it starts
  for (let i = 0; i < 20; i++) await postRoute({ destinationChainId: 8453, tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000' }], account })
  await page.clock.install()
  await openBuilder(page)
  await connectDemoWallet(page)
  await signIn(page)
  // From the demo account's locked USDC on OP Mainnet: no requirement stands between it and signing.
  await askFor(page, { chain: 'OP Mainnet', token: 'USDC', amount: '250' })
  await getRoute(page)
  await expect(region(page, 'Summary')).toBeVisible()
  // Newest: a route carrying an EIP-7702 authorization the account signed for Base.
  const nonce = await devnetClient(8453).getTransactionCount({ address: demoAddress })
  const auth = await demoAccount.signAuthorization!({ chainId: 8453, address: delegate, nonce })
  await postRoute({
    destinationChainId: 8453,
    tokenRequests: [{ tokenAddress: 'USDC', amount: '5000000' }],
    account: { ...account, delegations: { 8453: { contract: delegate } } },
    signedAuthorizations: [{ chainId: 8453, address: delegate, nonce: String(nonce), yParity: auth.yParity, r: auth.r, s: auth.s }],
  })

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click()
  const entries = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^(Inspect|Close)/ }) })
  await expect(entries).toHaveCount(20)
  await expect(entries.nth(0).getByRole('heading')).toHaveText('5 USDC to Base')
  await expect(entries.nth(1).getByRole('heading')).toHaveText('250 USDC to OP Mainnet')
  await expect(entries.nth(2).getByRole('heading')).toHaveText('1 USDC to Base')
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(entries).not.toHaveCount(20)
  expect(await entries.count()).toBeGreaterThanOrEqual(22)
  await expectAccessible(page, 'the history page')
  await screenshot(page, 'history')

  // The newest, re-opened: its authorization recovers to the account, its delegation still needed.
  const newest = entries.nth(0)
  await newest.getByRole('button', { name: /^Inspect/ }).click()
  const checks = region(newest, 'Delegations and authorizations')
  await expect(checks.getByTestId('authorizations')).toContainText('Account on Base, nonce')
  await expect(checks.getByTestId('authorizations')).toContainText('verified')
  await expect(checks.getByTestId('required-delegations')).toContainText(`Account on Base → ${delegate}`)
  await expect(region(newest, 'Server signature')).toContainText('verified')
  await newest.getByRole('button', { name: /^Close/ }).click()

  // Later, the builder's route has expired: it cannot be signed; a refresh re-posts its request.
  // Found by its nonce: a refresh puts a new route at the top of the list.
  const built = page.locator(`li[data-nonce="${await entries.nth(1).getAttribute('data-nonce')}"]`)
  await built.getByRole('button', { name: /^Inspect/ }).click()
  const sign = region(built, 'Sign')
  await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
  await page.clock.fastForward('30:00')
  await expect(built.getByTestId('expiry').first()).toHaveText(/^Expired at /)
  await expect(sign).toContainText('This route has expired and can no longer be signed.')
  await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)
  await expectAccessible(page, 'an expired route')
  await screenshot(page, 'history-expired')

  await page.clock.setSystemTime(Date.now())
  const expiredNonce = await built.locator('[data-nonce]').last().getAttribute('data-nonce')
  await sign.getByRole('button', { name: 'Refresh route' }).click()
  await expect(built.getByText('A fresh route for the same request')).toBeVisible()
  await expect(built.locator('[data-nonce]').last()).not.toHaveAttribute('data-nonce', expiredNonce!)
  await expect(region(built, 'Summary').getByTestId('receive')).toContainText('250 USDC')
  await expect(region(built, 'Sign').getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
})

test('a typed address shows its routes, and on a 390 px phone nothing overflows', async ({ page }) => {
  await postRoute({ destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000000' }], account })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${baseUrl()}/history`)
  await expect(page.getByText('Connect a wallet with the button at the top of the page')).toBeVisible()
  await connectDemoWallet(page)
  await signIn(page)
  await page.getByLabel('Account address').fill(demoAddress)
  await page.getByRole('button', { name: 'Show routes' }).click()
  await expect(page).toHaveURL(`${baseUrl()}/history?address=${demoAddress}`)
  await expect(page.getByRole('button', { name: /^Inspect/ }).first()).toBeVisible()
  await page
    .getByRole('button', { name: /^Inspect/ })
    .first()
    .click()
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await expectAccessible(page, 'the history page on a phone')
  await screenshot(page, 'history-phone')
})

test('a bad address is shown at the field', async ({ page, allowApiErrors }) => {
  allowApiErrors(400)
  await page.goto(`${baseUrl()}/history?address=0x1234`)
  const input = page.getByLabel('Account address')
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(input).toHaveAccessibleDescription(/userAddress: must be a 0x-prefixed 20-byte address/)
})

test('without a sign-in the history asks for one, and signing in shows the wallet’s own routes', async ({ page }) => {
  await postRoute({ destinationChainId: 8453, tokenRequests: [{ tokenAddress: 'USDC', amount: '2000000' }], account })
  await page.goto(`${baseUrl()}/history`)
  await connectDemoWallet(page)
  const notice = page.getByRole('region', { name: 'Sign in to read route history' })
  await expect(notice).toBeVisible()
  await expect(page.getByRole('button', { name: /^Inspect/ })).toHaveCount(0)
  await expectAccessible(page, 'the history page before sign-in')
  await notice.getByRole('button', { name: 'Sign in with Ethereum' }).click()
  await expect(notice).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Inspect/ }).first()).toBeVisible()
  // Signing out hides it again.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Wallet connected/ })
    .click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('region', { name: 'Sign in to read route history' })).toBeVisible()
})
