// The demo wallet end to end: connect, the seeded balances on the portfolio, switch chains, reload
// (reconnects on the same chain), disconnect.

import { expectedDemoBalances } from './support/demoBalances'
import { fakeWalletAddress, installFakeWallet } from './support/fakeWallet'
import { baseUrl, expect, expectAccessible, screenshot, test } from './support/fixtures'
import { chainRow, demoAddress, expandToken, expectAmounts, tokenRow } from './support/portfolioPage'

test('the demo wallet connects and the portfolio shows the seeded balances per chain', async ({ page }) => {
  await page.goto(`${baseUrl()}/portfolio`)
  await expect(page.getByRole('heading', { name: 'Whose balances?' })).toBeVisible()
  await expectAccessible(page, 'portfolio without an account')
  await screenshot(page, 'portfolio-no-account')

  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await screenshot(page, 'wallet-connect-menu')
  await page.getByRole('button', { name: /^Demo wallet/ }).click()

  const walletButton = page.getByRole('banner').getByRole('button', { name: /Wallet connected/ })
  await expect(walletButton).toContainText('0x7099…79C8')
  await expect(page.getByText('Your connected wallet')).toBeVisible()
  await expect(page.getByText(demoAddress, { exact: true })).toBeVisible()

  const expected = expectedDemoBalances()
  for (const [tokenName, amounts] of expected) {
    await expectAmounts(tokenRow(page, tokenName), amounts)
    await expandToken(page, tokenName)
    for (const c of amounts.chains) await expectAmounts(chainRow(page, c.chainName, c.symbol), c)
  }
  // The brief's example, spelled out: USDC totals 2,550.5 with 500 locked on OP Mainnet.
  expect(expected.get('USDC')).toMatchObject({ total: '2,550.5', locked: '500' })
  await expect(chainRow(page, 'OP Mainnet', 'USDC').locator('[data-column=locked]')).toHaveText('500')

  await expect(page.getByText('Where the money is')).toBeVisible()
  await expect(page.getByText(/^Last read at /)).toBeVisible()
  await expectAccessible(page, 'portfolio with the demo account')
  await screenshot(page, 'portfolio-demo-wallet')
})

test('the demo wallet switches chains, reconnects after a reload and disconnects', async ({ page }) => {
  await page.goto(`${baseUrl()}/`)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page.getByRole('button', { name: /^Demo wallet/ }).click()
  const walletButton = page.getByRole('banner').getByRole('button', { name: /Wallet connected/ })
  await expect(walletButton).toContainText('on Ethereum')

  for (const [chainName, chainId] of [
    ['OP Mainnet', 10],
    ['Base', 8453],
    ['Arbitrum One', 42161],
    ['Ethereum', 1],
    ['Base', 8453],
  ] as const) {
    await walletButton.click()
    await page.getByLabel('Network').selectOption(String(chainId))
    await expect(walletButton).toContainText(`on ${chainName}`)
    await page.keyboard.press('Escape')
  }
  await walletButton.click()
  await expect(page.getByRole('region', { name: 'Wallet' })).toContainText(demoAddress)
  await expectAccessible(page, 'the open wallet menu')
  await screenshot(page, 'wallet-connected-menu')

  await page.reload()
  await expect(walletButton).toContainText('0x7099…79C8')
  await expect(walletButton).toContainText('on Base')

  await walletButton.click()
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible()
})

test('the browser reaches the devnet nodes from the app origin (CORS), where the demo wallet signs', async ({
  page,
}) => {
  const rpcUrls = JSON.parse(process.env.E2E_DEVNET_RPC_URLS ?? '{}') as Record<string, string>
  expect(Object.keys(rpcUrls).sort()).toEqual(['1', '10', '42161', '8453'])
  await page.goto(`${baseUrl()}/`)
  for (const url of Object.values(rpcUrls)) {
    // A JSON POST needs a CORS preflight; anvil answers it for any origin by default.
    const signature = await page.evaluate(
      async ({ url, address }) => {
        const body = { jsonrpc: '2.0', id: 1, method: 'personal_sign', params: ['0x68656c6c6f', address] }
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        return ((await res.json()) as { result: string }).result
      },
      { url, address: demoAddress },
    )
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
  }
})

test('an EIP-6963 wallet is discovered by name and connects', async ({ page }) => {
  await installFakeWallet(page)
  await page.goto(`${baseUrl()}/portfolio`)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await page.getByRole('button', { name: 'Test Wallet' }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: /Wallet connected/ })).toContainText('0x1111…1111')
  await expect(page.getByText(fakeWalletAddress, { exact: true })).toBeVisible()
  // The fake wallet's account holds nothing: its portfolio is read and says so.
  await expect(page.getByRole('heading', { name: 'No balances to show' })).toBeVisible()
  await expect(tokenRow(page, 'USDC')).toHaveCount(0)

  // After a reload the wallet reconnects while the page hydrates: no hydration error (checked by the fixture).
  await page.reload()
  await expect(page.getByText(fakeWalletAddress, { exact: true })).toBeVisible()
})

test('reloading the portfolio with the demo wallet connected reconnects it without a hydration error', async ({
  page,
}) => {
  await page.goto(`${baseUrl()}/portfolio`)
  await page.getByRole('button', { name: 'Connect the demo wallet' }).click()
  await expect(tokenRow(page, 'USDC')).toBeVisible()
  await page.reload()
  await expect(page.getByText('Your connected wallet')).toBeVisible()
  await expectAmounts(tokenRow(page, 'USDC'), expectedDemoBalances().get('USDC')!)
})
