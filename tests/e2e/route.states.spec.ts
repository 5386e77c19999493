// The route builder's other answers: USDT0 across chains refused at quote for a plain wallet (only
// the account's own OFT send carries it), a shortfall, fields marked before anything is sent (and
// nothing sent before the request schema has loaded), the API's errors at the right place, a
// declined signature, the curl command, and a 390 px phone.
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { askFor, countRoutePosts, getRoute, openAdvanced, openBuilder, openSignedIn, region } from './support/routePage'

test('USDT0 across chains is refused at quote time for a plain wallet: only its own OFT send could, and it says so', async ({
  page,
  allowApiErrors,
}) => {
  allowApiErrors(422)
  await openSignedIn(page)
  // Arbitrum One holds 300 USDT0; the other 100 could only come from OP Mainnet as the account's own
  // LayerZero OFT send through its intent executor, which a plain wallet (an EOA) cannot run: a 422 at quote.
  await askFor(page, { chain: 'Arbitrum One', token: 'USDT0', amount: '400' })
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/intents/route',
  )
  await getRoute(page)
  const response = await answer
  expect(response.status()).toBe(422)
  const body = (await response.json()) as { code: string; message: string; errors: { context?: { field?: string } }[] }
  expect(body.code).toBe('UNSETTLEABLE')
  expect(body.message).toMatch(/^tokenRequests: .*OFT/)
  expect(body.errors[0]!.context!.field).toBe('tokenRequests')

  const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'This route cannot be settled' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText(
    "crosses chains only over LayerZero OFT, as the account's own send through its intent executor",
  )
  await expect(alert).not.toContainText('Allow more chains or settlement layers')
  const token = page.getByRole('group', { name: 'Token request 1' }).getByLabel('Token', { exact: true })
  await expect(token).toHaveAttribute('aria-invalid', 'true')
  await expect(token).toHaveAccessibleDescription(/crosses chains only over LayerZero OFT/)
  await expect(region(page, 'Summary')).toHaveCount(0)
  await expect(region(page, 'Sign')).toHaveCount(0)
  await expectAccessible(page, 'USDT0 refused at quote')
  await screenshot(page, 'route-oft-refused')
})

test('a request the account cannot cover shows what is missing', async ({ page, allowApiErrors }) => {
  // The service answers 422 Insufficient balance (the client's InsufficientBalanceError), the
  // shortfall in errors[0].context.intentCost; the page shows it from there.
  allowApiErrors(422)
  await openSignedIn(page)
  await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '100000' })
  const answer = page.waitForResponse((r) => {
    return r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/intents/route'
  })
  await getRoute(page)
  const response = await answer
  expect(response.status()).toBe(422)
  expect(await response.json()).toMatchObject({ message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' })
  const shortfall = region(page, 'Not enough funds for this route')
  await expect(shortfall).toContainText(/Missing in total: \$9\d,\d{3}\.\d\d/)
  const row = shortfall.getByRole('row', { name: /USDC/ })
  await expect(row).toContainText('100,000 USDC')
  await expect(row).toContainText('2,050.5 USDC')
  await expect(row.getByRole('cell').last()).toContainText(/^9\d,\d{3}\.\d+ USDC\$9\d,\d{3}\.\d\d$/)
  await expect(region(page, 'Sign')).toHaveCount(0)
  await expectAccessible(page, 'a shortfall')
  await screenshot(page, 'route-shortfall')
})

test('invalid fields are marked as they are typed, and nothing is sent', async ({ page }) => {
  const posts = countRoutePosts(page)
  await openSignedIn(page)
  const amount = page.getByRole('group', { name: 'Token request 1' }).getByLabel(/^Amount/)
  await amount.fill('1.1234567')
  await expect(amount).toHaveAttribute('aria-invalid', 'true')
  await expect(amount).toHaveAccessibleDescription(/USDC has 6 decimals: at most 6 digits after the point/)

  await openAdvanced(page)
  await page.getByText('Calls on arrival').click()
  await page.getByRole('button', { name: 'Add a call' }).click()
  const call = page.getByRole('group', { name: 'Call 1' })
  await call.getByLabel('To', { exact: true }).fill('0x12')
  await expect(call.getByLabel('To', { exact: true })).toHaveAccessibleDescription(
    'Must be a 0x-prefixed 20-byte address.',
  )
  await call.getByLabel('Value (wei)').fill('1.5')
  await expect(call.getByLabel('Value (wei)')).toHaveAttribute('aria-invalid', 'true')
  await call.getByLabel('Data (hex)').fill('0xabc')
  await expect(call.getByLabel('Data (hex)')).toHaveAccessibleDescription(/whole bytes/)
  await expect(page.getByTestId('request-status')).toContainText('4 fields need attention')

  await getRoute(page)
  await expect(page.getByText('Fix the 4 marked fields: nothing was sent.')).toBeVisible()
  await expect(amount).toBeFocused()
  expect(posts()).toBe(0)
  await expectAccessible(page, 'the builder with invalid fields')
  await screenshot(page, 'route-invalid-fields')

  await amount.fill('1.5')
  await call.getByLabel('To', { exact: true }).fill('0x000000000000000000000000000000000000dEaD')
  await call.getByLabel('Value (wei)').fill('0')
  await call.getByLabel('Data (hex)').fill('0x')
  await expect(page.getByTestId('request-status')).toContainText('ready to send')
  await expect(page.getByTestId('request-preview')).toContainText('"amount": "1500000"')
})

test('until the request schema has loaded nothing is sent; a Get route clicked meanwhile is sent after', async ({
  page,
}) => {
  // The server's request schema loads after the form has drawn (lib/ui/route/routeRequestBody.ts):
  // its chunk (the one holding the schema's messages) is held back here until released.
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let held = false
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('Only one target token amount can be unset')) {
      held = true
      await released
    }
    await route.fulfill({ response, body })
  })
  const posts = countRoutePosts(page)
  await openSignedIn(page)
  await askFor(page, { amount: '1' })
  await getRoute(page)
  // Longer than the card's own quote takes to go out by itself (its debounce is 600 ms).
  await page.waitForTimeout(1_500)
  expect(held).toBe(true)
  expect(posts()).toBe(0)

  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/intents/route',
  )
  release()
  expect((await answer).status()).toBe(200)
  expect(posts()).toBe(1)
})

test('No Path Found is shown at the token, a 400 at the field it names, a 503 with a retry', async ({
  page,
  allowApiErrors,
}) => {
  allowApiErrors(400, 422, 503)
  await openSignedIn(page)
  await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '100' })

  // Only Base's USDC, and only LayerZero OFT, which does not carry USDC: a real 422 from the service.
  await openAdvanced(page)
  await page.getByText('Which funds to use').click()
  await page.getByRole('group', { name: 'Use only these chains' }).getByLabel('Base').check()
  await page.locator('summary', { hasText: 'Options' }).click()
  await page.getByLabel('LayerZero OFT').check()
  await getRoute(page)
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'No path found' })).toBeVisible()
  const token = page.getByRole('group', { name: 'Token request 1' }).getByLabel('Token', { exact: true })
  await expect(token).toHaveAttribute('aria-invalid', 'true')
  await expect(token).toHaveAccessibleDescription('No allowed path brings USDC to Arbitrum One.')
  await expectAccessible(page, 'a route with no path')
  await screenshot(page, 'route-no-path')
  // Changing the token clears the server's mark there.
  await token.selectOption({ label: 'USDT0' })
  await expect(token).not.toHaveAttribute('aria-invalid', 'true')

  // A 400 naming a field marks that field, with the server's message. (Answered before the form
  // changes back: the card asks for its quote by itself once the input settles.)
  let mode: 'bad-request' | 'unavailable' | 'real' = 'bad-request'
  let unavailable = 0
  await page.route('**/api/v1/intents/route', async (route) => {
    if (mode === 'real') return route.continue()
    if (mode === 'unavailable' && unavailable++ > 0) return route.continue()
    const [status, message, context] =
      mode === 'bad-request'
        ? [400, 'recipient.address: must be a 0x-prefixed 20-byte address', { field: 'recipient.address' }]
        : [503, 'Chain 10 is unavailable', { chainId: 10, reason: 'timeout' }]
    await route.fulfill({ status, json: { message, errors: [{ message, context }], traceId: 'trace-e2e' } })
  })
  await token.selectOption({ label: 'USDC' })
  await page.getByRole('group', { name: 'Use only these chains' }).getByLabel('Base').uncheck()
  await page.getByLabel('LayerZero OFT').uncheck()
  await getRoute(page)
  const recipient = page.getByLabel('Recipient')
  await expect(recipient).toHaveAttribute('aria-invalid', 'true')
  await expect(recipient).toHaveAccessibleDescription(/^Must be a 0x-prefixed 20-byte address\./)
  await expect(page.getByText('trace-e2e')).toBeVisible()

  mode = 'unavailable'
  await getRoute(page)
  const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'OP Mainnet (chain 10) is unavailable' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('exclude the chain in the access list')
  await screenshot(page, 'route-chain-unavailable')
  mode = 'real'
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(region(page, 'Summary')).toBeVisible()
  await expect(alert).toHaveCount(0)
})

test('a declined signature is a calm message, and signing again works', async ({ page }) => {
  await openSignedIn(page)
  await askFor(page, { chain: 'OP Mainnet', token: 'USDC', amount: '100' })
  await getRoute(page)
  const sign = region(page, 'Sign')
  // The demo wallet signs through the devnet node: answer its request as a wallet whose user said no.
  const decline = async (route: import('@playwright/test').Route) => {
    const body = route.request().postDataJSON() as { id: number; method: string }
    if (body.method !== 'eth_signTypedData_v4') return route.continue()
    await route.fulfill({
      headers: { 'access-control-allow-origin': '*' },
      json: { jsonrpc: '2.0', id: body.id, error: { code: 4001, message: 'User rejected the request.' } },
    })
  }
  const rpcUrls = Object.values(JSON.parse(process.env.E2E_DEVNET_RPC_URLS!) as Record<string, string>)
  for (const url of rpcUrls) await page.route(`${url}/**`, decline)
  for (const url of rpcUrls) await page.route(url, decline)
  await sign.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(sign).toContainText(
    'You declined the signature in your wallet. Nothing was signed; press Sign to try again.',
  )
  await expect(sign.getByTestId('signature')).toHaveCount(0)
  await screenshot(page, 'route-signature-declined')

  await page.unrouteAll()
  await sign.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(sign.getByTestId('signature').first()).toContainText('verified: recovers to the sponsor')
  await expect(sign).not.toContainText('You declined')
})

test('the request shows as curl with $API_KEY, never the page’s key', async ({ page }) => {
  await openBuilder(page)
  await askFor(page, { amount: '5' })
  await openAdvanced(page)
  await page.getByRole('textbox', { name: 'Account', exact: true }).fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  await page.getByRole('button', { name: 'curl', exact: true }).click()
  const preview = page.getByTestId('request-preview')
  await expect(preview).toContainText(`curl -s -X POST '${baseUrl()}/api/v1/intents/route'`)
  await expect(preview).toContainText('-H "x-api-key: $API_KEY"')
  await expect(preview).toContainText('"amount": "5000000"')
  expect(await preview.textContent()).not.toMatch(/ir_/)
})

test('on a 390 px phone the builder and the inspector fit', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openSignedIn(page)
  await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '1000' })
  await expectNoHorizontalOverflow(page)
  await screenshot(page, 'route-builder-phone')
  await getRoute(page)
  await expect(region(page, 'Summary')).toBeVisible()
  await page.getByText('Typed data').first().click()
  await expectNoHorizontalOverflow(page)
  await expectAccessible(page, 'the inspector on a phone')
  await screenshot(page, 'route-inspector-phone')
})
