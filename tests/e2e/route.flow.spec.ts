// The route builder end to end with the demo wallet: the seeded portfolio, a cross-chain route of
// 1,000 USDC on Arbitrum One (for this plain EOA: one Permit2-funded ACROSS element drawing
// unlocked USDC on Base, since a route signs one scheme), everything the inspector shows before
// signing, a Permit2 approval on Base from the wallet that a refreshed route no longer asks for,
// and the signature verified against the sponsor.
import { erc20Abi, parseUnits } from 'viem'
import { addresses } from '../../lib/core/addresses'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { expectedDemoBalances } from './support/demoBalances'
import { devnetClient, keepingEthBalance } from './support/devnet'
import { baseUrl, expect, expectAccessible, screenshot, test } from './support/fixtures'
import { demoAddress, expectAmounts, tokenRow } from './support/portfolioPage'
import { askFor, getRoute, openAdvanced, region, signIn } from './support/routePage'

test('connect, build a cross-chain route, inspect it, approve Permit2 from the wallet and sign', async ({ page }) => {
  // Real work: a route, axe twice, an approval mined and a second route.
  test.slow()
  await page.goto(`${baseUrl()}/portfolio`)
  await page.getByRole('button', { name: 'Connect the demo wallet' }).click()
  await expectAmounts(tokenRow(page, 'USDC'), expectedDemoBalances().get('USDC')!)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Route builder' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Route builder' })).toBeVisible()
  // The account and the request as it is sent are in Advanced.
  await openAdvanced(page)
  await expect(page.getByRole('textbox', { name: 'Account', exact: true })).toHaveValue(demoAddress)
  // Routes through the page's public key are for the wallet that proves it is the visitor's.
  await signIn(page)
  await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '1000' })
  const preview = page.getByTestId('request-preview')
  await expect(preview).toContainText('"amount": "1000000000"')
  await expect(preview).toContainText('"accountType": "EOA"')
  await expectAccessible(page, 'the route builder')
  await screenshot(page, 'route-builder')

  await getRoute(page)
  // The summary in plain words: the 1,000 USDC plus fees, all from Base's unlocked USDC.
  const summary = region(page, 'Summary')
  await expect(summary.getByTestId('pay')).toContainText(/1,00\d\.\d+ USDC\s*on Base/)
  await expect(summary.getByTestId('pay')).not.toContainText('Arbitrum One')
  await expect(summary.getByTestId('pay')).not.toContainText('OP Mainnet')
  await expect(summary.getByTestId('receive')).toContainText('1,000 USDC')
  await expect(summary.getByTestId('receive')).toContainText('Arbitrum One')
  await expect(summary.getByTestId('fees')).toContainText(/Fees: \$\d+\.\d\d in total/)
  await expect(summary.getByTestId('fees')).toContainText('Gas')
  // The claim on Base and the fill on Arbitrum One, one line each.
  await expect(summary.getByTestId('fees')).toContainText(
    /Base \$\d+\.\d\d · Arbitrum One \$\d+\.\d\d \(with the fill\)/,
  )
  await expect(summary.getByTestId('fees')).toContainText('Bridge')
  await expect(summary.getByTestId('fees')).toContainText('Protocol')
  await expect(summary.getByTestId('sponsor')).toHaveText('No sponsor: you pay every fee.')
  await expect(summary.getByTestId('fee-token')).toContainText(/charged in USDC: \d+\.\d+ USDC/)
  await expect(summary.getByTestId('expiry')).toHaveText(/^Expires in \d+ min \d\d s/)

  // One element: Base's USDC crosses over ACROSS, funded by a Permit2 transfer (no lock).
  const elements = region(page, 'Elements (1)')
  const base = elements.locator('[data-element="Base"]')
  await expect(elements.locator('[data-element]')).toHaveCount(1)
  await expect(base).toContainText('ACROSS')
  await expect(base.locator('[data-funding]')).toHaveText('Approved via Permit2')
  await expect(base.locator('[data-funding]')).toHaveAttribute('title', 'fundingMethod: PERMIT2')
  // A Permit2 transfer draws no lock: no lock tag, allocator or reset period to show.
  await expect(base).not.toContainText('Lock tag')
  await expect(base).not.toContainText('Reset period')
  await expect(base).toContainText(/1,00\d\.\d+ USDC/)
  await expect(base).toContainText('1,000 USDC on Arbitrum One')
  await expect(region(page, 'Delegations and authorizations')).toContainText('None supplied with this route.')
  await expect(region(page, 'Server signature')).toContainText('verified')
  await expect(region(page, 'Signed metadata')).toContainText('gwei')

  const sign = region(page, 'Sign')
  await expect(sign.locator('[data-typed-data]')).toHaveCount(1)
  await expect(sign.locator('[data-typed-data="PermitBatchWitnessTransferFrom"]')).toHaveCount(1)
  await sign.getByText('Typed data').first().click()
  await expect(sign.locator('pre').first()).toContainText('"primaryType": "PermitBatchWitnessTransferFrom"')
  await expectAccessible(page, 'the route inspector')
  await screenshot(page, 'route-inspector')

  // Before signing: approve Permit2 for Base's USDC (what the element draws) from the wallet, then
  // refresh the route.
  const before = region(page, 'Before you sign')
  const approval = before.locator('[data-requirement="approval"]')
  await expect(before.locator('[data-requirement]')).toHaveCount(1)
  await expect(approval).toContainText(/Approve Permit2 to spend 1,00\d\.\d+ USDC on Base/)
  // Sign waits while the approval is open.
  await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeDisabled()
  await expect(
    page.getByRole('navigation', { name: 'Route steps' }).locator('[data-step="Requirements"]'),
  ).toContainText('1 open')
  const needed = (await approval.locator('p').first().textContent())!.match(/spend ([\d,.]+) USDC/)![1]!
  const approveCall = (await approval.getByText(/^approve\(0x/).textContent())!
  const [, spender, amount] = approveCall.match(/^approve\((0x[0-9a-fA-F]{40}), (\d+)\)$/)!
  expect(spender).toBe(addresses.permit2)
  // The approval covers what the element draws, plus 0.5 % headroom for a re-priced route.
  await expect(base).toContainText(`${needed} USDC`)
  const neededUnits = parseUnits(needed.replaceAll(',', ''), 6)
  expect(BigInt(amount!)).toBe(neededUnits + neededUnits / 200n)
  await keepingEthBalance(8453, demoAddress, async () => {
    await approval.getByRole('button', { name: 'Approve in wallet' }).click()
    await expect(approval).toContainText('Confirmed.')
  })
  await expect(approval).toContainText(/Transaction 0x[0-9a-f]{64} in block \d+/)
  const usdc = findTokenBySymbol(8453, 'USDC')!.address
  const allowance = await devnetClient(8453).readContract({
    address: usdc,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [demoAddress, addresses.permit2],
  })
  expect(allowance).toBe(BigInt(amount!))
  await screenshot(page, 'route-requirement-done')

  const firstNonce = await page.locator('[data-nonce]').getAttribute('data-nonce')
  await approval.getByRole('button', { name: 'Refresh the route to see it done' }).click()
  await expect(page.locator('[data-nonce]')).not.toHaveAttribute('data-nonce', firstNonce!)
  await expect(region(page, 'Elements (1)').locator('[data-element="Base"] [data-funding]')).toHaveText(
    'Approved via Permit2',
  )
  await expect(region(page, 'Before you sign')).toHaveCount(0)
  await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled()

  await sign.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(sign.getByTestId('signature')).toHaveCount(1)
  for (const signature of await sign.getByTestId('signature').all()) {
    await expect(signature).toContainText('verified: recovers to the sponsor')
    await expect(signature.locator('code')).toHaveText(/^0x[0-9a-f]{130}$/)
  }
  await expect(sign).toContainText('The signature recovers to the sponsor.')
  await expect(sign.getByRole('button', { name: 'Signed' })).toBeDisabled()
  await expectAccessible(page, 'the signed route')
  await screenshot(page, 'route-signed')
})
