// The transfer form's amount with the demo wallet: what the account holds of the requested asset,
// in total and per chain, as the portfolio API reports it right now (other suites move funds and
// put them back, so the numbers are read from the API, not from the seeds); MAX as the API's max
// form, priced by the engine — for USDC that is everything unlocked (Base and Arbitrum One), since
// a route signs one scheme and the unlocked side is larger than the 500 USDC locked on OP Mainnet —
// a route with an intentOp whose Permit2 approvals come first; and the same at 390 px.
import type { Locator, Page } from '@playwright/test'
import { parseUnits } from 'viem'
import { portfolioResponseSchema } from '../../lib/api/portfolio'
import { getChain } from '../../lib/core/chains/chains'
import { findTokenByAddress } from '../../lib/core/tokens/tokens'
import { formatAmount } from '../../lib/ui/shared/formatAmount'
import { asThePage } from './support/devnet'
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { demoAddress } from './support/portfolioPage'
import {
  connectDemoWallet,
  getRoute,
  openAdvanced,
  openBuilder,
  openSignedIn,
  region,
  signIn,
} from './support/routePage'

type Held = { chainName: string; symbol: string; unlocked: bigint; locked: bigint }
type Asset = { decimals: number; chains: Held[]; locked: bigint; unlocked: bigint }

/** The demo account's holdings of an asset, straight from GET /accounts/{a}/portfolio. */
async function portfolioAsset(page: Page, asset: string): Promise<Asset> {
  const response = await page.request.get(`${baseUrl()}/api/v1/accounts/${demoAddress}/portfolio`, {
    headers: asThePage(),
  })
  expect(response.status()).toBe(200)
  const entry = portfolioResponseSchema.parse(await response.json()).portfolio.find((e) => e.tokenName === asset)!
  const chains = entry.tokenChainBalance
    .map((c) => ({
      chainName: getChain(c.chainId)!.name,
      symbol: findTokenByAddress(c.chainId, c.tokenAddress as `0x${string}`)!.symbol,
      unlocked: BigInt(c.balance.unlocked),
      locked: BigInt(c.balance.locked),
    }))
    .filter((c) => c.unlocked + c.locked > 0n)
  return {
    decimals: entry.tokenDecimals,
    chains,
    locked: BigInt(entry.balance.locked),
    unlocked: BigInt(entry.balance.unlocked),
  }
}

/** The one "available" figure is what one route can draw (the larger of the locked and unlocked
 * sides); each chain row of the panel shows the API's unlocked and locked amounts, exactly formatted. */
async function expectHoldings(panel: Locator, asset: Asset): Promise<void> {
  const show = (v: bigint) => formatAmount(v, asset.decimals)
  await expect(panel.locator('[data-available-total] strong')).toHaveText(
    show(asset.locked > asset.unlocked ? asset.locked : asset.unlocked),
  )
  await expect(panel.getByRole('listitem')).toHaveCount(asset.chains.length)
  for (const c of asset.chains) {
    const row = panel.locator(`li[data-chain="${c.chainName}"][data-token="${c.symbol}"]`)
    if (c.unlocked > 0n) await expect(row.locator('[data-unlocked]')).toHaveText(`${show(c.unlocked)} ${c.symbol}`)
    else await expect(row.locator('[data-unlocked]')).toHaveCount(0)
    if (c.locked > 0n) await expect(row.locator('[data-locked]')).toHaveText(`${show(c.locked)} ${c.symbol} locked`)
    else await expect(row.locator('[data-locked]')).toHaveCount(0)
  }
}

const requestGroup = (page: Page) => page.getByRole('group', { name: 'Token request 1' })

test('the amount shows the balance per chain from the portfolio, and MAX builds a priced route', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 })
  await openBuilder(page)
  const request = requestGroup(page)
  await expect(request).toContainText('Enter an account to see what it holds.')

  await connectDemoWallet(page)
  await signIn(page)
  await page.getByLabel('Destination chain').selectOption(String(42161))
  await request.getByLabel('Token', { exact: true }).selectOption({ label: 'USDC' })
  const panel = request.getByTestId('available-balance')
  const usdc = await portfolioAsset(page, 'USDC')
  await expectHoldings(panel, usdc)
  expect(usdc.locked, 'the demo account keeps USDC locked on OP Mainnet').toBeGreaterThan(0n)
  // Locked funds count, but one route draws one side: the figure says which, and what is held in all.
  await expect(panel.locator('[data-available-sides]')).toContainText(
    `never both, so this is the unlocked side. You hold ${formatAmount(usdc.locked + usdc.unlocked, 6)} USDC in all: ${formatAmount(usdc.unlocked, 6)} unlocked · ${formatAmount(usdc.locked, 6)} locked.`,
  )
  expect(usdc.unlocked, 'the unlocked side is the larger for the demo account').toBeGreaterThan(usdc.locked)
  // USD beside the figure (USDC at its feed price: within a cent per dollar of the amount).
  await expect(panel.locator('[data-available-total]')).toContainText(/\(\$[\d,]+\.\d\d\)/)

  // Another token of another asset: the panel follows it.
  await request.getByLabel('Token', { exact: true }).selectOption({ label: 'WETH' })
  await expectHoldings(panel, await portfolioAsset(page, 'ETH'))
  await request.getByLabel('Token', { exact: true }).selectOption({ label: 'USDC' })
  await expectHoldings(panel, usdc)

  // MAX is the API's max form: no amount is sent, and the hint says what the engine will do.
  const amount = request.getByLabel(/^Amount/)
  await amount.fill('12')
  const max = request.getByRole('button', { name: 'MAX' })
  await max.click()
  await expect(max).toHaveAttribute('aria-pressed', 'true')
  await expect(amount).toBeDisabled()
  await expect(amount).toHaveAccessibleDescription(/less the fees.*never both, so MAX sends the larger of the two/)
  const preview = page.getByTestId('request-preview')
  await expect(preview).toContainText('"tokenRequests"')
  await expect(preview).not.toContainText('"amount"')
  await expectAccessible(page, 'the amount with balances and MAX')
  await screenshot(page, 'route-transfer-max')

  await getRoute(page)
  const summary = region(page, 'Summary')
  // Everything unlocked is drawn — each chain's whole USDC — and less than that arrives (the fees).
  const pay = summary.getByTestId('pay')
  const unlockedChains = usdc.chains.filter((x) => x.unlocked > 0n)
  for (const c of unlockedChains) await expect(pay).toContainText(`${formatAmount(c.unlocked, 6)} USDC`)
  await expect(pay).not.toContainText('OP Mainnet')
  const receive = summary.getByTestId('receive')
  await expect(receive).toContainText('Arbitrum One')
  const received = parseUnits(
    (await receive.textContent())!.match(/([\d,]+(?:\.\d+)?) USDC/)![1]!.replaceAll(',', ''),
    6,
  )
  expect(received).toBeGreaterThan(0n)
  expect(received).toBeLessThan(usdc.unlocked)
  await expect(summary.getByTestId('fees')).toContainText(/Fees: \$\d+\.\d\d in total/)

  // A route with an intentOp: one Permit2 message per chain drawn, to sign once the approvals are done.
  const sign = region(page, 'Sign')
  await expect(sign.locator('[data-typed-data="PermitBatchWitnessTransferFrom"]')).toHaveCount(unlockedChains.length)
  await expect(region(page, 'Before you sign').locator('[data-requirement="approval"]').first()).toBeVisible()
  await expect(sign.getByRole('button', { name: 'Sign', exact: true })).toBeDisabled()
  await expectAccessible(page, 'a MAX route')
  await screenshot(page, 'route-transfer-max-priced')

  // MAX again: back to a typed amount, as it was.
  await max.click()
  await expect(max).toHaveAttribute('aria-pressed', 'false')
  await expect(amount).toHaveValue('12')
})

test('on a 390 px phone the balances and MAX fit, and another account shows its own holdings', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openBuilder(page)
  await connectDemoWallet(page)
  const request = requestGroup(page)
  const panel = request.getByTestId('available-balance')
  await expectHoldings(panel, await portfolioAsset(page, 'USDC'))
  await request.getByRole('button', { name: 'MAX' }).click()
  await expect(request.getByLabel(/^Amount/)).toBeDisabled()
  await expectNoHorizontalOverflow(page)
  await expectAccessible(page, 'the amount with balances on a phone')
  await screenshot(page, 'route-transfer-phone')

  // An account that holds nothing of it says so.
  await openAdvanced(page)
  await page.getByRole('textbox', { name: 'Account', exact: true }).fill('0x000000000000000000000000000000000000dEaD')
  await expect(panel).toHaveText('This account holds no USDC on any chain.')
  await page.getByRole('textbox', { name: 'Account', exact: true }).fill('')
  await expect(request).toContainText('Enter an account to see what it holds.')
})

test('USDT the wallet holds only on other chains is said to be unsettleable before any quote; one click sends USDC', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openSignedIn(page)
  const quotes: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/intents/route') quotes.push(r.method())
  })
  // The demo wallet holds USDT0 on OP Mainnet and Arbitrum One, none on Ethereum (its chain, the destination).
  await expect(page.getByLabel('Destination chain')).toHaveValue('1')
  const request = requestGroup(page)
  await request.getByLabel('Token', { exact: true }).selectOption({ label: 'USDT' })
  await request.getByLabel(/^Amount/).fill('10')
  const card = page.getByTestId('route-card')
  await expect(card).toHaveAttribute('data-stage', 'cannot-settle')
  await expect(card.getByTestId('card-title')).toHaveText('USDT cannot come from other chains for this wallet')
  await expect(card.getByTestId('card-detail')).toContainText('which a plain wallet (an EOA) cannot make')
  await expect(card.getByTestId('card-detail')).toContainText('none on Ethereum')
  const primary = card.getByTestId('primary-action')
  await expect(primary).toHaveText('Send USDC instead')
  await expect(primary).toBeInViewport()
  await expectAccessible(page, 'an ask the service would refuse, before any quote')
  await screenshot(page, 'route-transfer-unsettleable')
  expect(quotes, 'no quote was asked for').toEqual([])

  // One click: the same amount of USDC, quoted by itself.
  await primary.click()
  await expect(request.getByLabel('Token', { exact: true }).locator('option:checked')).toHaveText('USDC')
  await expect(card).toHaveAttribute('data-stage', /^(requirement|sign)$/, { timeout: 30_000 })
  await expect(card.getByTestId('card-receive')).toContainText('10 USDC')
  expect(quotes.length).toBeGreaterThan(0)
})
