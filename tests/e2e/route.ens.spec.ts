// An ENS name as recipient on the devnet: its Ethereum node has no ENS registry, so the field says
// the name cannot be resolved there and asks for an address; nothing is sent, and no address is
// made up. A malformed name is named as one; an address clears it all.
import { expect, expectAccessible, test } from './support/fixtures'
import { askFor, connectDemoWallet, countRoutePosts, getRoute, openBuilder } from './support/routePage'

test('an ENS recipient on the devnet: a clear note that names cannot be resolved there, and nothing sent', async ({
  page,
}) => {
  const posts = countRoutePosts(page)
  await openBuilder(page)
  await connectDemoWallet(page)
  await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '10' })
  const recipient = page.getByLabel('Recipient')

  await recipient.fill('Vitalik.eth')
  await expect(recipient).toHaveAccessibleDescription(
    /ENS names cannot be resolved on this network: its Ethereum node has no ENS registry \(the devnet has none\)\. Enter vitalik\.eth’s 0x address instead\./,
  )
  await expect(recipient).toHaveAttribute('aria-invalid', 'true')
  await getRoute(page)
  await expect(page.getByText('Fix the 1 marked field: nothing was sent.')).toBeVisible()
  await expectAccessible(page, 'an ENS recipient that cannot be resolved on the devnet')

  await recipient.fill('a..eth')
  await expect(recipient).toHaveAccessibleDescription(/“a\.\.eth” is not a valid ENS name/)

  await recipient.fill('0x00000000000000000000000000000000000bEEf1')
  await expect(recipient).not.toHaveAttribute('aria-invalid')
  await expect(page.getByTestId('ens-note')).toHaveCount(0)
  expect(posts()).toBe(0)
})
