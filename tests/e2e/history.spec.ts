// The history page: routes issued for the demo account (built here, in the builder and through the
// API), newest first, re-requests of one request grouped into one row with each route's status,
// paged with "load more"; each route opens on its own page (/routes/{nonce}?account=…), which a
// shared link opens directly; there an expired route cannot be signed and is refreshed with its
// original request.
import type { Address } from 'viem'
import { nexus } from '../../lib/core/accounts/smartAccounts'
import { demoAccount } from '../../lib/devnet/demoAccount'
import { formatAmount } from '../../lib/ui/shared/formatAmount'
import { signInCookie } from '../support/signIn'
import { asThePage, devnetClient } from './support/devnet'
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { demoAddress } from './support/portfolioPage'
import { askFor, connectDemoWallet, getRoute, openSignedIn, region, signIn } from './support/routePage'

const delegate: Address = nexus.implementation

// History is per signed-in wallet: routes set up here are issued as the page would issue them (the
// browser key, signed in with Ethereum as the demo account), so the page lists them.
let session: Promise<string> | undefined
async function postRoute(body: object): Promise<string> {
  session ??= signInCookie(baseUrl(), demoAccount)
  const res = await fetch(`${baseUrl()}/api/v1/intents/route`, {
    method: 'POST',
    headers: { ...asThePage(await session), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { intentOp: { nonce: string } }).intentOp.nonce
}

const account = { address: demoAddress, accountType: 'EOA' }

test('groups re-requests, shows statuses, loads more, and opens each route on its own page', async ({ page }) => {
  test.slow() // builds 22 routes before it starts
  // One request asked 20 times (an amount no other test asks for), so its row counts exactly these.
  const amount = 1_000_000n + BigInt(Date.now() % 900_000)
  for (let i = 0; i < 20; i++)
    await postRoute({
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: amount.toString() }],
      account,
    })
  await page.clock.install()
  await openSignedIn(page)
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
    signedAuthorizations: [
      { chainId: 8453, address: delegate, nonce: String(nonce), yParity: auth.yParity, r: auth.r, s: auth.s },
    ],
  })

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click()
  const entries = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: /^Open/ }) })
  // The first page holds 20 routes: the two newest and 18 of the repeated request, in one row.
  await expect(entries).toHaveCount(3)
  await expect(entries.nth(0).getByRole('heading')).toHaveText('5 USDC to Base')
  await expect(entries.nth(1).getByRole('heading')).toHaveText('250 USDC to OP Mainnet')
  const repeated = entries.nth(2)
  await expect(repeated.getByRole('heading')).toHaveText(`${formatAmount(amount, 6)} USDC to Base`)
  await expect(repeated.getByTestId('request-count')).toHaveText('requested 18 times')
  for (const entry of [entries.nth(0), entries.nth(1), repeated]) {
    await expect(entry.getByTestId('route-status').first()).toHaveText(/Built/)
    await expect(entry.getByTestId('route-status').first()).toHaveAttribute('data-status', 'BUILT')
  }
  await expect(entries.nth(1)).toContainText('From OP Mainnet')
  await expect(entries.nth(1)).toContainText('Locked in The Compact')
  await expect(entries.nth(0)).toContainText(/fee [\d.,]+ USDC/)
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(repeated.getByTestId('request-count')).toHaveText('requested 20 times')
  await repeated.getByRole('button', { name: /^Show all 20/ }).click()
  const everyRoute = repeated.getByRole('list', { name: 'Every route for this request' })
  await expect(everyRoute.getByRole('link', { name: /^Issued / })).toHaveCount(20)
  await expect(everyRoute.getByTestId('route-status')).toHaveCount(20)
  await expectAccessible(page, 'the history page')
  await screenshot(page, 'history')
  await repeated.getByRole('button', { name: /^Hide/ }).click()

  // The newest, on its own page: its authorization recovers to the account, its delegation still needed.
  const newestNonce = await entries.nth(0).getAttribute('data-nonce')
  await entries.nth(0).getByRole('link', { name: /^Open/ }).click()
  await expect(page).toHaveURL(`${baseUrl()}/routes/${newestNonce}?account=${demoAddress}`)
  await expect(region(page, 'Overview').getByTestId('route-status')).toHaveText(/Built/)
  const checks = region(page, 'Delegations and authorizations')
  await expect(checks.getByTestId('authorizations')).toContainText('Account on Base, nonce')
  await expect(checks.getByTestId('authorizations')).toContainText('verified')
  await expect(checks.getByTestId('required-delegations')).toContainText(`Account on Base → ${delegate}`)
  await expect(region(page, 'Server signature')).toContainText('verified')
  await expectAccessible(page, 'a route’s own page')
  await screenshot(page, 'route-page')
  await page.goBack()

  // Later, the builder's route has expired: it cannot be signed; a refresh re-posts its request.
  const builtNonce = await entries.nth(1).getAttribute('data-nonce')
  await entries.nth(1).getByRole('link', { name: /^Open/ }).click()
  await expect(page).toHaveURL(`${baseUrl()}/routes/${builtNonce}?account=${demoAddress}`)
  const sign = region(page, 'Sign')
  await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()
  await page.clock.fastForward('30:00')
  await expect(page.getByTestId('expiry').first()).toHaveText(/^Expired at /)
  await expect(sign).toContainText('This route has expired and can no longer be signed.')
  await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0)
  await expectAccessible(page, 'an expired route')
  await screenshot(page, 'history-expired')

  await page.clock.setSystemTime(Date.now())
  await sign.getByRole('button', { name: 'Refresh route' }).click()
  await expect(page.getByText('A fresh route for the same request')).toBeVisible()
  await expect(page.locator('main [data-nonce]').last()).not.toHaveAttribute('data-nonce', builtNonce!)
  await expect(region(page, 'Summary').getByTestId('receive')).toContainText('250 USDC')
  await expect(region(page, 'Sign').getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()

  // Back in the history, the refresh is the same request asked again: one row, now two routes.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click()
  await expect(entries.nth(0).getByRole('heading')).toHaveText('250 USDC to OP Mainnet')
  await expect(entries.nth(0).getByTestId('request-count')).toHaveText('requested 2 times')
  await entries
    .nth(0)
    .getByRole('button', { name: /^Show all 2/ })
    .click()
  await expect(entries.nth(0).locator(`li[data-nonce="${builtNonce}"]`)).toBeVisible()
})

test('a typed address shows its routes, and on a 390 px phone nothing overflows', async ({ page }) => {
  await postRoute({
    destinationChainId: 42161,
    tokenRequests: [{ tokenAddress: 'USDC', amount: '1000000000' }],
    account,
  })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${baseUrl()}/history`)
  await expect(page.getByText('Connect a wallet with the button at the top of the page')).toBeVisible()
  await connectDemoWallet(page)
  await signIn(page)
  await page.getByLabel('Account address').fill(demoAddress)
  await page.getByRole('button', { name: 'Show routes' }).click()
  await expect(page).toHaveURL(`${baseUrl()}/history?address=${demoAddress}`)
  await expect(page.getByRole('link', { name: /^Open/ }).first()).toBeVisible()
  await expect(page.getByTestId('route-status').first()).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await expectAccessible(page, 'the history page on a phone')
  await screenshot(page, 'history-phone')
  await page.getByRole('link', { name: /^Open/ }).first().click()
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await expectAccessible(page, 'a route’s page on a phone')
  await screenshot(page, 'route-page-phone')
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
  await expect(page.getByRole('link', { name: /^Open/ })).toHaveCount(0)
  await expectAccessible(page, 'the history page before sign-in')
  await notice.getByRole('button', { name: 'Sign in with Ethereum' }).click()
  await expect(notice).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Open/ }).first()).toBeVisible()
  // Signing out hides it again.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Wallet connected/ })
    .click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('region', { name: 'Sign in to read route history' })).toBeVisible()
})

test('a shared link opens its route directly, once signed in as the account; a wrong link says so', async ({
  page,
  allowApiErrors,
}) => {
  const nonce = await postRoute({
    destinationChainId: 8453,
    tokenRequests: [{ tokenAddress: 'USDC', amount: '3000000' }],
    account,
  })
  const link = `${baseUrl()}/routes/${nonce}?account=${demoAddress}`
  await page.goto(link)
  const notice = page.getByRole('region', { name: 'Sign in to open this route' })
  await expect(notice).toBeVisible()
  await expect(region(page, 'Summary')).toHaveCount(0)
  await connectDemoWallet(page)
  await notice.getByRole('button', { name: 'Sign in with Ethereum' }).click()
  await expect(region(page, 'Overview').getByTestId('route-status')).toHaveText(/Built/)
  await expect(region(page, 'Overview')).toContainText(nonce)
  await expect(region(page, 'Summary').getByTestId('receive')).toContainText('3 USDC')
  await expect(region(page, 'Overview').getByRole('button', { name: 'Copy link to this route' })).toBeVisible()
  await expect(page).toHaveURL(link)
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expectAccessible(page, 'a shared route link')
  await screenshot(page, 'route-shared')

  // Reopened in a fresh page load, it reads the same route again.
  await page.reload()
  await expect(region(page, 'Overview')).toContainText(nonce)

  allowApiErrors(400, 404)
  await page.goto(`${baseUrl()}/routes/1?account=${demoAddress}`)
  await expect(page.getByRole('main').getByRole('alert')).toContainText('No such route for this account')
  await expectAccessible(page, 'a link to no route')
  await page.goto(`${baseUrl()}/routes/not-a-nonce?account=${demoAddress}`)
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This link names no route')
})
