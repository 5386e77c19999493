// History for every account the wallet controls: signed in with the demo wallet, the history page
// offers the wallet itself (its EOA, also as EIP-7702) and the Nexus smart account it owns, one tap
// each, and reads either one's routes with the same sign-in — never a refusal for the smart account.
import { nexusDeployment } from '../../lib/core/accounts/nexusAccount'
import { baseUrl, expect, expectAccessible, expectNoHorizontalOverflow, test } from './support/fixtures'
import { demoAddress } from './support/portfolioPage'
import { connectDemoWallet, signIn } from './support/routePage'

test('the wallet and its smart account, one tap each, read with one sign-in (390 px)', async ({ page }) => {
  const smart = nexusDeployment(demoAddress).address
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${baseUrl()}/history`)
  await connectDemoWallet(page)
  await signIn(page)
  const accounts = page.getByRole('group', { name: 'Your accounts' })
  const wallet = accounts.getByRole('button', { name: /^Wallet/ })
  const smartAccount = accounts.getByRole('button', { name: /^Smart account/ })
  await expect(wallet).toHaveAttribute('aria-pressed', 'true')
  await expect(smartAccount).toHaveAttribute('aria-pressed', 'false')
  const listed = (address: string) =>
    page
      .getByText(new RegExp(`^No routes have been issued for ${address}`))
      .or(page.getByRole('link', { name: /^Open/ }).first())
      .first()

  await smartAccount.click()
  await expect(smartAccount).toHaveAttribute('aria-pressed', 'true')
  await expect(page).toHaveURL(`${baseUrl()}/history?address=${smart}`)
  await expect(listed(smart)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Sign in to read route history' })).toHaveCount(0)
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)
  await expectNoHorizontalOverflow(page)
  await expectAccessible(page, 'the smart account’s history')

  await wallet.click()
  await expect(wallet).toHaveAttribute('aria-pressed', 'true')
  await expect(listed(demoAddress)).toBeVisible()
})
