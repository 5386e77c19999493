// The history page renders the signed-in wallet's first page of routes on the server: the session
// cookie is scoped to the whole site, so the page's own request carries it, and the entries are in
// the HTML — there without any script, and hydrated without a mismatch with one.
import { demoAccount } from '../../lib/devnet/demoAccount'
import { signInCookie } from '../support/signIn'
import { asThePage } from './support/devnet'
import { baseUrl, expect, test } from './support/fixtures'
import { demoAddress } from './support/portfolioPage'
import { connectDemoWallet, signIn } from './support/routePage'

test('a signed-in wallet’s history is in the page’s HTML: shown without JavaScript', async ({ page, browser }) => {
  // A route issued as the page issues it (the browser key, signed in as the demo account).
  const amount = 3_000_000n + BigInt(Date.now() % 900_000)
  const res = await fetch(`${baseUrl()}/api/v1/intents/route`, {
    method: 'POST',
    headers: { ...asThePage(await signInCookie(baseUrl(), demoAccount)), 'content-type': 'application/json' },
    body: JSON.stringify({
      destinationChainId: 8453,
      tokenRequests: [{ tokenAddress: 'USDC', amount: amount.toString() }],
      account: { address: demoAddress, accountType: 'EOA' },
    }),
  })
  expect(res.status).toBe(200)
  const { nonce } = ((await res.json()) as { intentOp: { nonce: string } }).intentOp

  await page.goto(`${baseUrl()}/history`)
  await connectDemoWallet(page)
  await signIn(page)
  const cookie = (await page.context().cookies()).find((c) => c.name === 'ir_session')
  expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict' })

  // Read again with scripts: the server's entries hydrate (a mismatch is a console error, which fails the test).
  await page.goto(`${baseUrl()}/history`)
  const opened = page.getByRole('link', { name: /^Open/ }).first()
  await expect(opened).toHaveAttribute('href', new RegExp(`/routes/${nonce}\\b`))

  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  })
  try {
    const bare = await noScript.newPage()
    const response = await bare.goto(`${baseUrl()}/history`)
    // A page with a wallet's data in it is never kept by a cache.
    expect(response?.headers()['cache-control']).toContain('no-store')
    const first = bare.getByRole('link', { name: /^Open/ }).first()
    await expect(first).toBeVisible()
    // Newest first: the route issued above.
    await expect(first).toHaveAttribute('href', new RegExp(`/routes/${nonce}\\b`))
    await expect(bare.getByText('Connect a wallet with the button at the top of the page')).toHaveCount(0)
  } finally {
    await noScript.close()
  }
})
