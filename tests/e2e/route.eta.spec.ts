// The route card's ETA, once transfers to a chain have settled: measured, not estimated. The demo
// account moves 100 USDC from Base to Arbitrum One (already approved: Get route, Sign, Submit) until
// the service has measured at least MEASURED_MIN_SAMPLES transfers to Arbitrum One, at least once
// here whatever ran before; each route while there are fewer shows the estimate, and a new route
// then shows the measured median, with the sample count GET /api/v1/settlement-times reports.
// Balances, allowance and ETH are put back afterwards.
import type { Page } from '@playwright/test'
import { maxUint256 } from 'viem'
import type { SettlementTimesResponse } from '../../lib/api/settlementTimes'
import { formatEta, MEASURED_MIN_SAMPLES } from '../../lib/ui/route/settlementEta'
import { arbitrum, restore, setAllowance, snapshot } from './support/baseToArbitrum'
import { testApiKey } from './support/devnet'
import { baseUrl, expect, expectAccessible, test } from './support/fixtures'
import { askFor, expectCompletedCard, getRoute, openAdvanced, openBuilder, openSignedIn } from './support/routePage'

/** What the service has measured for transfers to Arbitrum One (undefined: none completed yet). */
async function measuredToArbitrum(): Promise<SettlementTimesResponse['destinations'][number] | undefined> {
  const res = await fetch(`${baseUrl()}/api/v1/settlement-times`, { headers: { 'x-api-key': testApiKey() } })
  expect(res.status).toBe(200)
  return ((await res.json()) as SettlementTimesResponse).destinations.find((d) => d.chainId === arbitrum)
}

/** A fresh page load (the page reads the measured times once it has loaded them; the wallet
 * reconnects and the session stays signed in), then a route for 100 USDC from Base to Arbitrum One. */
async function newRoute(page: Page, open: (page: Page) => Promise<void>): Promise<void> {
  const times = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/settlement-times' && r.ok())
  await open(page)
  await times
  await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '100' })
  await openAdvanced(page)
  await page.getByRole('list', { name: 'Draw USDC from' }).getByRole('checkbox', { name: /^Base/ }).check()
  await getRoute(page)
  await expect(page.getByTestId('primary-action')).toHaveText('Sign', { timeout: 30_000 })
}

test('after transfers to a chain have settled, a new route to it shows the measured ETA the API reports', async ({
  page,
}) => {
  // Up to MEASURED_MIN_SAMPLES transfers, each followed to Completed.
  test.setTimeout(180_000)
  const seeded = await snapshot()
  await setAllowance(maxUint256)
  try {
    const eta = page.getByTestId('route-card').getByTestId('card-eta')
    const primary = page.getByTestId('primary-action')
    let samples = (await measuredToArbitrum())?.samples ?? 0
    const samplesBefore = samples
    for (let settled = 0; settled === 0 || samples < MEASURED_MIN_SAMPLES; settled++) {
      await newRoute(page, settled === 0 ? openSignedIn : openBuilder)
      // Too few measured transfers yet (none, or fewer than MEASURED_MIN_SAMPLES): the estimate from block times.
      if (samples < MEASURED_MIN_SAMPLES) {
        await expect(eta).toHaveAttribute('data-eta-basis', 'estimated')
        await expect(eta).toHaveAttribute('title', "Estimated from the chains' block times")
      }
      await primary.click()
      await expect(primary).toHaveText('Submit')
      await primary.click()
      await expectCompletedCard(page, '100 USDC on Arbitrum One')
      samples = (await measuredToArbitrum())?.samples ?? 0
    }

    const measured = (await measuredToArbitrum())!
    expect(measured.samples).toBeGreaterThanOrEqual(Math.max(MEASURED_MIN_SAMPLES, samplesBefore + 1))
    expect(measured.p50Seconds).toBeGreaterThan(0)
    await newRoute(page, openBuilder)
    await expect(eta).toHaveAttribute('data-eta-basis', 'measured')
    await expect(eta).toHaveAttribute(
      'title',
      `The median time to settle of the last ${measured.samples} transfers to this chain (24 hours)`,
    )
    await expect(eta).toHaveText(`${formatEta(Math.max(1, Math.ceil(measured.p50Seconds)))} after submitting`)
    await expectAccessible(page, 'the route card with a measured ETA')
  } finally {
    await restore(seeded)
  }
})
