// The portfolio as a picture of the account: where its value sits (by chain and by asset, with
// whole percentages that add up to 100), on how many chains each token is held, how fresh each
// chain's reading is, and an empty account said in words.
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { demoAddress, tokenRow } from './support/portfolioPage'

const demoView = () => `${baseUrl()}/portfolio?address=${demoAddress}`

async function sharesOf(page: import('@playwright/test').Page, name: string): Promise<Map<string, number>> {
  const items = page.getByRole('region', { name }).getByRole('listitem')
  await expect(items.first()).toBeVisible()
  const shares = new Map<string, number>()
  for (const item of await items.all()) {
    const label = (await item.getAttribute('data-slice'))!
    const percent = /· (\d+)%/.exec((await item.textContent())!)?.[1]
    shares.set(label, Number(percent))
  }
  return shares
}

test('the value is charted by chain and by asset, in whole percentages that add up to 100', async ({ page }) => {
  await page.goto(demoView())
  await expect(tokenRow(page, 'USDC')).toBeVisible()
  const chart = page.getByRole('figure').filter({ hasText: 'Where the money is' })
  await expect(chart.locator('svg.recharts-surface')).toHaveCount(2)

  const byChain = await sharesOf(page, 'Value by chain')
  expect([...byChain.keys()]).toEqual(['Ethereum', 'OP Mainnet', 'Base', 'Arbitrum One'])
  expect([...byChain.values()].reduce((a, b) => a + b, 0)).toBe(100)
  const byAsset = await sharesOf(page, 'Value by asset')
  expect(new Set(byAsset.keys())).toEqual(new Set(['ETH', 'USDC', 'USDT']))
  expect([...byAsset.values()].reduce((a, b) => a + b, 0)).toBe(100)
  // Only OP Mainnet holds locked funds (500 USDC): its line says so, and the caption's split adds up.
  await expect(page.getByRole('region', { name: 'Value by chain' }).locator('[data-slice="OP Mainnet"]')).toContainText(
    '$500.00 locked',
  )
  const caption = await chart.locator('figcaption').textContent()
  const [unlocked, locked] = [...caption!.matchAll(/(\d+)% (?:un)?locked/g)].map((m) => Number(m[1]))
  expect(unlocked! + locked!).toBe(100)
  await expectAccessible(page, 'portfolio value charts')
  await screenshot(page, 'portfolio-value')
})

test('"on N chains" counts the chains that hold the token, not the chains read', async ({ page }) => {
  await page.goto(demoView())
  // USDC: OP Mainnet (locked), Base, Arbitrum; Ethereum is read but holds none.
  await expect(tokenRow(page, 'USDC')).toContainText('on 3 chains')
  // USDT on Ethereum is 0; USDT0 on OP Mainnet and Arbitrum.
  await expect(tokenRow(page, 'USDT')).toContainText('on 2 chains')
  await expect(tokenRow(page, 'ETH')).toContainText('on 4 chains')
})

test('each chain says which block its balances were read at', async ({ page }) => {
  await page.goto(demoView())
  const blocks = page.getByRole('definition').filter({ hasText: /^block \d+$/ })
  await expect(blocks).toHaveCount(4)
  const read = page.locator('dl[aria-label="Read at block"]')
  for (const chain of ['Ethereum', 'OP Mainnet', 'Base', 'Arbitrum One'])
    await expect(read.getByRole('term').filter({ hasText: chain })).toHaveCount(1)
  const before = Number((await read.locator('[data-chain-block="1"] dd').textContent())!.replace('block ', ''))
  expect(before).toBeGreaterThan(0)
})

test('an account that holds nothing says so instead of rows of $0.00', async ({ page }) => {
  await page.goto(`${baseUrl()}/portfolio?address=0x000000000000000000000000000000000000bEEF`)
  await expect(page.getByRole('heading', { name: 'No balances to show' })).toBeVisible()
  await expect(page.getByText('This account holds none of the supported tokens')).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)
  await expect(page.getByText('$0.00')).toHaveCount(0)
  await expectAccessible(page, 'an empty account')
  await screenshot(page, 'portfolio-empty-account')
})

test('the charts fit a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(demoView())
  await expect(page.getByRole('region', { name: 'Value by asset' }).getByRole('listitem').first()).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await expectAccessible(page, 'portfolio charts on a phone')
  await screenshot(page, 'portfolio-value-phone')
})
