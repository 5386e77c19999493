// One "available" figure: beside the amount it is what one route can draw (locked funds count, but
// a route uses either the locked or the unlocked side, never both, so it is the larger), and the
// shortfall table of a route that asks for more reports the same figure. Amounts typed with
// thousands separators are accepted, their USD value shows as they are typed, and more than any
// route can draw is said before anything is sent.
import { expect, expectAccessible, expectNoHorizontalOverflow, screenshot, test } from './support/fixtures'
import { askFor, countRoutePosts, getRoute, openSignedIn, region } from './support/routePage'

for (const [name, size] of [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const) {
  test(`the form's Available and the shortfall table agree, and "100,000" is read as typed (${name} px)`, async ({
    page,
    allowApiErrors,
  }) => {
    allowApiErrors(422) // the shortfall is a 422 Insufficient balance
    await page.setViewportSize(size)
    const posts = countRoutePosts(page)
    await openSignedIn(page)
    await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '100,000' })
    const request = page.getByRole('group', { name: 'Token request 1' })
    const available = (await request.locator('[data-available-total] strong').textContent())!
    expect(available).toMatch(/^[\d,]+(\.\d+)?$/)
    await expect(request.locator('[data-available-sides]')).toContainText('never both')
    // As typed, before any request: its value in USD, and that no route can draw this much.
    await expect(request.getByTestId('amount-usd')).toHaveText(/^≈ \$(99,9\d\d|100,0\d\d)\.\d\d$/)
    const check = request.getByTestId('amount-check')
    await expect(check).toHaveAttribute('data-kind', 'too-much')
    await expect(check).toContainText(`at most ${available} USDC before fees`)
    expect(posts()).toBe(0)
    await expectNoHorizontalOverflow(page)
    await expectAccessible(page, `the amount checked as typed (${name} px)`)
    await screenshot(page, `route-available-${name}`)

    await getRoute(page)
    const shortfall = region(page, 'Not enough funds for this route')
    const row = shortfall.getByRole('row', { name: /USDC/ })
    await expect(row).toContainText('100,000 USDC')
    // The table's "Available" column is the form's figure, to the unit.
    await expect(row.getByRole('cell').nth(2)).toHaveText(`${available} USDC`)
    await expect(shortfall).toContainText('Available is what one route can draw, the same figure as beside the amount')
  })
}
