// The route builder and inspector as a reader uses them: by labels, headings and button names.
import type { Locator, Page } from '@playwright/test'
import { chains } from '../../../lib/core/chains/chains'
import { baseUrl, expect } from './fixtures'

// The waits below are for states the page reaches after a round trip to the app or a devnet node
// (connected, signed in): on a loaded machine those take seconds, so each waits for the state itself
// up to SERVER_STATE_MS rather than the 5 s expect default, and never sleeps.
const SERVER_STATE_MS = 30_000

export async function connectDemoWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  const demo = page.getByRole('button', { name: /^Demo wallet/ })
  await expect(demo).toBeVisible()
  await demo.click()
  await expect(page.getByRole('banner').getByRole('button', { name: /Wallet connected/ })).toContainText(
    '0x7099…79C8',
    { timeout: SERVER_STATE_MS },
  )
}

/** Signs in with Ethereum as the connected wallet (the demo wallet signs through its devnet node):
 * the dashboard's key builds routes and reads history only for the signed-in wallet. */
export async function signIn(page: Page): Promise<void> {
  const wallet = page.getByRole('banner').getByRole('button', { name: /Wallet connected/ })
  await wallet.click()
  await page.getByRole('region', { name: 'Wallet' }).getByRole('button', { name: 'Sign in with Ethereum' }).click()
  await expect(page.getByTestId('signed-in').first()).toContainText('Signed in as 0x7099…79C8', {
    timeout: SERVER_STATE_MS,
  })
  await page.keyboard.press('Escape')
}

/** Opens the route builder with the demo wallet connected and signed in with Ethereum. */
export async function openSignedIn(page: Page): Promise<void> {
  await openBuilder(page)
  await connectDemoWallet(page)
  await signIn(page)
}

export type AccountChoice = {
  /** The picker's option, and the data-choice it sets. */
  label: string
  choice: string
  /** What the Account field then holds. */
  address: string
  /** Checked only once the wallet has signed the account's initialisation (EOA with 7702): clicked, not checked. */
  checkedLater?: boolean
}

/** Opens the builder signed in (openSignedIn) and picks the kind of account the route is for. */
export async function openAsAccount(
  page: Page,
  { label, choice, address, checkedLater = false }: AccountChoice,
): Promise<void> {
  await openSignedIn(page)
  await openAdvanced(page)
  const picker = page.getByTestId('account-picker')
  const option = picker.getByLabel(label)
  await (checkedLater ? option.click() : option.check())
  await expect(picker).toHaveAttribute('data-choice', choice)
  await expect(page.getByLabel('Account', { exact: true })).toHaveValue(address)
}

export type RouteAsk = { chain?: string; token?: string; amount: string }

/** Fills the first token request (and the destination, when given). */
export async function askFor(page: Page, { chain, token, amount }: RouteAsk): Promise<void> {
  if (chain) await page.getByLabel('Destination chain').selectOption(String(chains.find((c) => c.name === chain)!.id))
  const request = page.getByRole('group', { name: 'Token request 1' })
  if (token) await request.getByLabel('Token', { exact: true }).selectOption({ label: token })
  await request.getByLabel(/^Amount/).fill(amount)
}

/** Asks for the route at once (the card also quotes by itself once the input settles; an ask already
 * quoted or on its way is not sent twice). */
export async function getRoute(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Get route' }).click()
}

/** Opens the form's Advanced drawer (account kind, sources, funds, calls, options, the request). */
export async function openAdvanced(page: Page): Promise<void> {
  const advanced = page.getByTestId('advanced')
  if (!(await advanced.evaluate((d) => (d as HTMLDetailsElement).open)))
    await advanced.locator('summary').first().click()
  await expect(advanced).toHaveAttribute('open', '')
}

/** The transfer card reads Completed, and nothing of the quote or of signing is left on it. */
export async function expectCompletedCard(page: Page, received: RegExp | string): Promise<void> {
  const card = page.getByTestId('route-card')
  await expect(card.getByTestId('card-title')).toHaveText('Completed', { timeout: 120_000 })
  await expect(card).toHaveAttribute('data-stage', 'completed')
  await expect(card.getByTestId('card-detail')).toHaveText(/^Arrived in \d+(\.\d)? (s|min)$/)
  await expect(card.getByTestId('card-received')).toContainText(received)
  await expect(card.getByTestId('card-delivery')).toContainText(/^Delivery on .+: 0x[0-9a-f]{8}…[0-9a-f]{6}$/)
  await expect(card.getByTestId('primary-action')).toHaveText('New transfer')
  await expect(card.getByTestId('primary-action')).toBeEnabled()
  await expect(card.getByRole('link', { name: 'History' })).toBeVisible()
  await expectNothingStale(page)
}

/** Once a transfer is final: no amounts to pay, fee, ETA, deadline, error or other routes remain. */
export async function expectNothingStale(page: Page): Promise<void> {
  const card = page.getByTestId('route-card')
  for (const id of ['card-pay', 'card-fee', 'card-eta', 'card-deadline', 'card-error', 'card-skeleton'])
    await expect(card.getByTestId(id)).toHaveCount(0)
  await expect(card).not.toContainText(/after submitting|left|Sign by|Expires in/)
  await expect(page.getByTestId('route-alternatives')).toHaveCount(0)
  await expect(page.getByTestId('route-outdated')).toHaveCount(0)
}

/** A titled part of the page (a <section> labelled by its heading). */
export function region(page: Page | Locator, name: string | RegExp): Locator {
  return page.getByRole('region', { name, exact: typeof name === 'string' })
}

export async function openBuilder(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/route`)
  await expect(page.getByRole('heading', { level: 1, name: 'Route builder' })).toBeVisible()
}

/** The route builder counts every POST it makes, so a test can prove nothing was sent. */
export function countRoutePosts(page: Page): () => number {
  let posts = 0
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/intents/route') posts++
  })
  return () => posts
}

/** Records every stage the transfer card shows (data-stage), in order, as window.cardStages. */
export async function recordCardStages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { cardStages: string[] }).cardStages = seen
    const note = () => {
      const stage = document.querySelector('[data-testid="route-card"]')?.getAttribute('data-stage')
      if (stage && seen.at(-1) !== stage) seen.push(stage)
    }
    note()
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-stage'],
    })
  })
}
