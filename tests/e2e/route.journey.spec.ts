// A plain transfer as a user walks it: 10 USDC to Ethereum (where the demo wallet is, so the
// destination is already set), the card quoting by itself, then at most three clicks — each on the
// card's one button, in view without scrolling — to Completed, at 1440 and 390 px. Then what goes
// wrong, on the card: a submit that does not reach the service (said there, Submit again completes
// it) and a transfer that fails (a plain reason and what happened to the funds, on the card, on the
// route's own page and in History). The demo account's USDC, lock, allowances and ETH are put back
// afterwards.
import type { Page } from '@playwright/test'
import { demoAccount } from '../../lib/devnet/demoAccount'
import { signInCookie } from '../support/signIn'
import { asThePage } from './support/devnet'
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { askFor, expectCompletedCard, expectNothingStale, openSignedIn, recordCardStages } from './support/routePage'
import { restoreUsdc, usdcState } from './support/usdcState'

test.describe.configure({ mode: 'serial' })

/** Clicks the card's button, counting the click, once it is enabled and in view. */
async function press(page: Page, label: string | RegExp, count: () => void): Promise<void> {
  const primary = page.getByTestId('primary-action')
  await expect(primary).toHaveText(label, { timeout: 30_000 })
  await expect(primary).toBeEnabled()
  await expect(primary).toBeInViewport()
  count()
  await primary.click()
}

/** The card's steps up to Submit: the requirement, if the quote asks for one, then Sign. */
async function toSubmit(page: Page, count: () => void, onReady?: () => Promise<void>): Promise<void> {
  const primary = page.getByTestId('primary-action')
  const card = page.getByTestId('route-card')
  await expect(card).toHaveAttribute('data-stage', /^(requirement|sign)$/, { timeout: 30_000 })
  if ((await card.getAttribute('data-stage')) === 'requirement') {
    await expect(card.getByTestId('card-title')).toHaveText('One step before signing')
    await press(page, /^Approve USDC on /, count)
  }
  await expect(card.getByTestId('card-title')).toHaveText('Ready to sign', { timeout: 30_000 })
  await expect(card.getByTestId('card-receive')).toContainText('10 USDC')
  await expect(card.getByTestId('card-receive')).toContainText('Ethereum')
  await expect(card.getByTestId('card-fee')).toContainText(/^\$\d+\.\d\d/)
  await expect(card.getByTestId('card-deadline')).toHaveText(/^\d+ min \d\d s left/)
  await onReady?.()
  await press(page, 'Sign', count)
  await expect(primary).toHaveText('Submit')
  await expect(card.getByTestId('card-title')).toHaveText('Ready to submit')
}

for (const { name, size } of [
  { name: '1440', size: { width: 1440, height: 900 } },
  { name: '390', size: { width: 390, height: 844 } },
] as const) {
  test(`10 USDC across chains: at most 3 clicks after the amount, each in view (${name} px)`, async ({ page }) => {
    test.slow()
    const seeded = await usdcState()
    try {
      await page.setViewportSize(size)
      await openSignedIn(page)
      await recordCardStages(page)
      const reads = statusReads(page)
      await expect(page.getByLabel('Destination chain')).toHaveValue('1')
      await page
        .getByRole('group', { name: 'Token request 1' })
        .getByLabel(/^Amount/)
        .fill('10')
      let clicks = 0
      const count = () => void clicks++
      await toSubmit(page, count, () => cardScreenshot(page, `transfer-card-ready-${name}`))
      await press(page, 'Submit', count)
      await expectCompletedCard(page, '10 USDC on Ethereum')
      await cardScreenshot(page, `transfer-card-completed-${name}`)
      expect(clicks).toBeLessThanOrEqual(3)
      // The service pushed the status to the card: it was never polled.
      expect(reads).toMatchObject({ polled: 0 })
      expect(reads.streamed).toBeGreaterThan(0)
      await expectNoHorizontalOverflow(page)
      await expectAccessible(page, `a completed transfer at ${name} px`)
      await screenshot(page, `transfer-completed-${name}`)
    } finally {
      await restoreUsdc(seeded)
    }
  })
}

test('a submit that does not reach the service is said on the card; Submit again completes it', async ({
  page,
  allowApiErrors,
}) => {
  test.slow()
  allowApiErrors('network')
  const seeded = await usdcState()
  try {
    await page.setViewportSize({ width: 1440, height: 900 })
    await openSignedIn(page)
    await askFor(page, { amount: '10' })
    await toSubmit(page, () => {})
    await page.route('**/api/v1/intent-operations', (route) => route.abort('failed'))
    const card = page.getByTestId('route-card')
    await card.getByTestId('primary-action').click()
    // The error is on the card, the route stays signed, and the button offers the same submission again.
    await expect(card.getByTestId('card-error')).toContainText(/reach|network|connect/i, { timeout: 30_000 })
    await expect(card).toHaveAttribute('data-stage', 'submit')
    await expect(card.getByTestId('primary-action')).toHaveText('Submit again')
    await expect(card.getByTestId('card-receive')).toContainText('10 USDC')
    await expectAccessible(page, 'a submit that failed on the network')
    await screenshot(page, 'transfer-submit-network-failure')
    await page.unroute('**/api/v1/intent-operations')
    // The status stream does not get through either: the card reads the status by polling instead.
    await page.route(/\/api\/v1\/intent-operation\/[^/?]+\/events$/, (route) => route.abort('failed'))
    const reads = statusReads(page)
    await card.getByTestId('primary-action').click()
    await expectCompletedCard(page, '10 USDC on Ethereum')
    expect(reads.streamed).toBeGreaterThan(0)
    expect(reads.polled).toBeGreaterThan(0)
  } finally {
    await restoreUsdc(seeded)
  }
})

test('a transfer that fails reads Failed on the card, on its page and in History: a plain reason and what happened to the funds', async ({
  page,
}) => {
  test.slow()
  const seeded = await usdcState()
  let nonce: string | undefined
  try {
    await page.setViewportSize({ width: 390, height: 844 })
    await openSignedIn(page)
    // The service's answers for this intent (its status, the account's intents and routes), as they
    // read when a call on arrival would revert: FAILED, nothing claimed, nothing refunded. (The filler
    // settles the real one; the page sees this.)
    const reason =
      'the destination calls would revert after the fill (execution reverted: 0x08c379a0); nothing was taken'
    await failing(page, /\/api\/v1\/intent-operation\/[^/?]+$/, (body) =>
      isIntent(body) ? failedIntent(body, reason) : undefined,
    )
    await failingStream(page, (body) => (isIntent(body) ? failedIntent(body, reason) : undefined))
    await failing(page, /\/api\/v1\/accounts\/[^/]+\/intents(\?|$)/, (body) => {
      const list = body as { intents?: unknown[] }
      return list.intents
        ? { ...list, intents: list.intents.map((i) => (isIntent(i) ? failedIntent(i, reason) : i)) }
        : undefined
    })
    await failing(page, /\/api\/v1\/accounts\/[^/]+\/routes(\?|$)/, (body) => {
      const list = body as { routes?: { intentStatus?: string | null }[] }
      const failed = (r: { intentStatus?: string | null }) =>
        r.intentStatus ? { ...r, status: 'FAILED', intentStatus: 'FAILED' } : r
      return list.routes ? { ...list, routes: list.routes.map(failed) } : undefined
    })
    await askFor(page, { amount: '10' })
    await toSubmit(page, () => {})
    await page.getByTestId('primary-action').click()
    const card = page.getByTestId('route-card')
    await expectFailedCard(page, reason)
    nonce = (await page.locator('[data-nonce]').getAttribute('data-nonce'))!
    await expectAccessible(page, 'a failed transfer on a phone')
    await screenshot(page, 'transfer-failed-390')
    await card.getByTestId('primary-action').click()
    await expect(card).toHaveAttribute('data-stage', 'idle')

    // The route's own page tells the same.
    await page.goto(`${baseUrl()}/routes/${nonce}?account=0x70997970C51812dc3A010C7d01b50e0d17dc79C8`)
    await expectFailedCard(page, reason)

    // And History: the row says Failed, why in the same words, and what happened to the funds.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click()
    const row = page.locator(`li[data-nonce="${nonce}"]`)
    await expect(row.getByTestId('route-status').first()).toHaveText(/Failed/)
    await expect(row.getByTestId('failure')).toHaveText(
      'A call on arrival would fail, so the transfer was not delivered. Nothing was taken from your account.',
    )
    await expect(row).not.toContainText(reason.slice(0, 30))
    await expectAccessible(page, 'a failed transfer in History')
  } finally {
    // The real intent settles underneath: it ends before the balances are put back.
    if (nonce) await settled(nonce)
    await restoreUsdc(seeded)
  }
})

test('a refusal at a path the form does not show is said on the card, never "marked in the form"', async ({
  page,
  allowApiErrors,
}) => {
  allowApiErrors(422)
  await page.setViewportSize({ width: 1440, height: 900 })
  await openSignedIn(page)
  // The service's answer to an account that cannot give an approval before its funds are claimed.
  const message = 'account.setupOps: the account is not deployed on chain 8453, so it cannot give the approval there'
  await page.route('**/api/v1/intents/route', (route) =>
    route.fulfill({
      status: 422,
      json: {
        message,
        code: 'UNSETTLEABLE',
        errors: [{ message, context: { field: 'account.setupOps' } }],
        traceId: 'trace-e2e',
      },
    }),
  )
  await askFor(page, { chain: 'Ethereum', token: 'USDC', amount: '10' })
  const card = page.getByTestId('route-card')
  await expect(card).toHaveAttribute('data-stage', 'quote-failed', { timeout: 30_000 })
  await expect(card.getByTestId('card-title')).toHaveText('This route cannot be settled')
  await expect(card.getByTestId('card-detail')).toContainText('is not deployed on chain 8453')
  await expect(card.getByTestId('card-detail')).not.toContainText('marked')
  await expect(page.getByRole('region', { name: 'Route', exact: true })).toContainText('is not deployed on chain 8453')
  await expect(page.getByRole('region', { name: 'Route', exact: true })).not.toContainText('marked in the form')
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0)
})

type Intent = { claims: { chainId: number }[] }
const isIntent = (body: unknown): body is Intent => Array.isArray((body as { claims?: unknown }).claims)

/** The intent as the service reports one that failed before anything was taken. */
function failedIntent(intent: Intent, reason: string): object {
  const {
    fillTransactionHash: _hash,
    fillTimestamp: _time,
    ...rest
  } = intent as Intent & { fillTransactionHash?: string; fillTimestamp?: number }
  return {
    ...rest,
    status: 'FAILED',
    failureReason: reason,
    claims: intent.claims.map((c) => ({ chainId: c.chainId, status: 'PENDING' })),
    refunds: [],
  }
}

/** Answers `url` with the service's own answer, changed by `change` (undefined: as it is). */
async function failing(page: Page, url: RegExp, change: (body: unknown) => object | undefined): Promise<void> {
  await page.route(url, async (route) => {
    // Fetched as the page fetches it (route.fetch leaves out Sec-Fetch-Site, which the browser key needs).
    const real = await route.fetch({
      headers: { ...(await route.request().allHeaders()), 'sec-fetch-site': 'same-origin' },
    })
    const changed = real.ok() ? change(await real.json()) : undefined
    await route.fulfill(changed ? { response: real, json: changed } : { response: real })
  })
}

/** The transfer card alone (the docs show these: docs/img/). */
async function cardScreenshot(page: Page, name: string): Promise<void> {
  await page.getByTestId('route-card').screenshot({ path: `tests/artifacts/screenshots/${name}.png` })
}

/** Counts the page's reads of an intent's status from now on: its stream, and the polled read. */
function statusReads(page: Page): { streamed: number; polled: number } {
  const reads = { streamed: 0, polled: 0 }
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (/^\/api\/v1\/intent-operation\/[^/]+\/events$/.test(path)) reads.streamed++
    else if (/^\/api\/v1\/intent-operation\/[^/]+$/.test(path)) reads.polled++
  })
  return reads
}

/** Answers the intent's status stream with one event: the status read's answer, changed by
 * `change`, as a stream that ends there (the page reads the stream, not the status read). */
async function failingStream(page: Page, change: (body: unknown) => object | undefined): Promise<void> {
  await page.route(/\/api\/v1\/intent-operation\/[^/?]+\/events$/, async (route) => {
    const real = await route.fetch({
      url: route
        .request()
        .url()
        .replace(/\/events$/, ''),
      headers: { ...(await route.request().allHeaders()), 'sec-fetch-site': 'same-origin' },
    })
    const changed = real.ok() ? change(await real.json()) : undefined
    if (!changed) return route.fulfill({ response: real })
    await route.fulfill({
      status: 200,
      contentType: 'text/event-stream; charset=utf-8',
      body: `id: failed\nevent: status\ndata: ${JSON.stringify(changed)}\n\n`,
    })
  })
}

async function settled(nonce: string): Promise<void> {
  const headers = asThePage(await signInCookie(baseUrl(), demoAccount))
  const status = async () =>
    ((await (await fetch(`${baseUrl()}/api/v1/intent-operation/${nonce}`, { headers })).json()) as { status: string })
      .status
  await expect.poll(status, { timeout: 60_000 }).toMatch(/^(COMPLETED|FAILED)$/)
}

async function expectFailedCard(page: Page, reason: string): Promise<void> {
  const card = page.getByTestId('route-card')
  await expect(card.getByTestId('card-title')).toHaveText('Failed', { timeout: 30_000 })
  await expect(card).toHaveAttribute('data-stage', 'failed')
  await expect(card.getByTestId('card-detail')).toHaveText(
    'A call on arrival would fail, so the transfer was not delivered.',
  )
  await expect(card).not.toContainText(reason.slice(0, 30))
  await expect(card.getByTestId('card-funds')).toHaveText('Nothing was taken from your account.')
  await expect(card.getByTestId('card-received')).toContainText('Not received 10 USDC on Ethereum')
  await expect(card.getByTestId('primary-action')).toHaveText('New transfer')
  await expectNothingStale(page)
}
