// Accounts that move their own unlocked funds, walked from the transfer card to Completed: the demo
// smart account (Nexus, deployed by the route) sends USDC it was simply sent on OP Mainnet, refused before any
// quote while "Only unlocked funds" asks for a Permit2 approval it cannot give yet; a call-only action
// of that account (no tokens: its own ops on one chain); the demo wallet as an EOA with 7702 sends
// unlocked USDC across chains (ACCOUNT_ESCROW: its own ops escrow it, no approval), then USDT0 over
// LayerZero OFT with the timeline showing the intent executor's and the bridge's steps; and the wallet,
// delegated by then, picked as a plain EOA for USDT is asked to pick it as an EOA with 7702.
// Each test waits for the card's states (data-stage), never for time. The demo wallet's code, USDC,
// USDT0/USDT and ETH are put back afterwards; the smart account stays deployed where the routes
// deployed it (a CREATE2 address whose nonce is spent cannot be deployed again; no suite after this
// one uses it).
import type { Page } from '@playwright/test'
import { type Address, concatHex, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { nexusDeployment } from '../../lib/core/accounts/nexusAccount'
import { nexus, nexusAccountAbi } from '../../lib/core/accounts/smartAccounts'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import * as artifacts from '../../lib/devnet/contracts/artifacts'
import { demoAccount, operatorAddress } from '../../lib/devnet/demoAccount'
import { mined } from '../../lib/devnet/devnetClient'
import { signInCookie } from '../support/signIn'
import { asThePage, devnetChain, devnetClient } from './support/devnet'
import { baseUrl, expect, test } from './support/fixtures'
import { demoAddress } from './support/portfolioPage'
import { askFor, expectCompletedCard, openAdvanced, openAsAccount, openSignedIn } from './support/routePage'
import { restoreUsdc, type UsdcState, usdcState } from './support/usdcState'

test.describe.configure({ mode: 'serial' })

const [ethereum, op, base, arbitrum] = [1, 10, 8453, 42161]
const tokenOn = (chainId: number, symbol: string) => findTokenBySymbol(chainId, symbol)!.address as Address
const balanceOf = (chainId: number, symbol: string, who: Address) =>
  devnetClient(chainId).readContract({
    address: tokenOn(chainId, symbol),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [who],
  })
const smartAccount = nexusDeployment(demoAddress).address
const designator = concatHex(['0xef0100', nexus.implementation.toLowerCase() as Hex])

/** The card's stage once it has settled on one of `stages` (each is a state the card renders). */
async function cardSettlesOn(page: Page, stages: RegExp): Promise<string> {
  const card = page.getByTestId('route-card')
  await expect(card).toHaveAttribute('data-stage', stages, { timeout: 60_000 })
  return (await card.getAttribute('data-stage')) ?? ''
}

/** Presses the card's one button once it reads `label` and is enabled. */
async function press(page: Page, label: string | RegExp): Promise<void> {
  const primary = page.getByTestId('primary-action')
  await expect(primary).toHaveText(label, { timeout: 60_000 })
  await expect(primary).toBeEnabled()
  await primary.click()
}

/** From the card's first step to Completed: the authorizations when asked, Sign, Submit. */
async function walkToCompleted(page: Page, received: string | RegExp): Promise<void> {
  const stage = await cardSettlesOn(page, /^(authorize|sign)$/)
  if (stage === 'authorize') await press(page, /^Sign (\d+ )?authorizations?$/)
  await press(page, 'Sign')
  await press(page, 'Submit')
  await expectCompletedCard(page, received)
}

type Seeded = { usdc: UsdcState; usdt: bigint[] }
const usdtChains = [ethereum, op, arbitrum] as const
const usdtSymbol = (chainId: number) => (chainId === ethereum ? 'USDT' : 'USDT0')
let seeded: Seeded | undefined

test.beforeAll(async () => {
  seeded = {
    usdc: await usdcState(),
    usdt: await Promise.all(usdtChains.map((id) => balanceOf(id, usdtSymbol(id), demoAddress))),
  }
})

test.afterAll(async () => {
  if (!seeded) return
  // A plain EOA again everywhere, then its tokens as seeded (transfers out need no delegation).
  for (const id of [ethereum, op, base, arbitrum])
    await devnetClient(id).setCode({ address: demoAddress, bytecode: '0x' })
  for (const [i, id] of usdtChains.entries()) {
    const c = devnetClient(id)
    const [have, want] = [await balanceOf(id, usdtSymbol(id), demoAddress), seeded.usdt[i]!]
    const token = tokenOn(id, usdtSymbol(id))
    if (have < want)
      await mined(
        c,
        c.writeContract({
          address: token,
          abi: artifacts.devToken.abi,
          functionName: 'mint',
          args: [demoAddress, want - have],
          account: operatorAddress,
          chain: c.chain,
        }),
      )
    if (have > want)
      await mined(
        c,
        c.writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [operatorAddress, have - want],
          account: demoAddress,
          chain: c.chain,
        }),
      )
  }
  await restoreUsdc(seeded.usdc)
  for (const [i, id] of usdtChains.entries())
    expect(await balanceOf(id, usdtSymbol(id), demoAddress)).toBe(seeded.usdt[i])
})

test('the smart account sends USDC it was simply sent: refused with "Only unlocked funds", then Completed', async ({
  page,
}) => {
  test.slow()
  // On OP Mainnet, where no suite deploys the smart account (route.accounts.spec.ts does on Base and
  // Arbitrum One): the route deploys it there, and until then it can give no Permit2 approval.
  expect(await devnetClient(op).getCode({ address: smartAccount })).toBe(undefined)
  await devnetChain().mint(op, 'USDC', smartAccount, 30_000_000n)
  const before = await balanceOf(ethereum, 'USDC', smartAccount)
  await openAsAccount(page, { label: 'Smart account (Nexus)', choice: 'nexus', address: smartAccount })
  await askFor(page, { chain: 'Ethereum', token: 'USDC', amount: '10' })
  await page.locator('summary', { hasText: 'Which funds to use' }).click()
  await page.getByRole('group', { name: 'Use only these chains' }).getByLabel('OP Mainnet').check()
  await page.getByLabel('Funds', { exact: true }).selectOption({ label: 'Only unlocked funds' })

  // A Permit2 approval cannot come from it there: said before any quote.
  const card = page.getByTestId('route-card')
  expect(await cardSettlesOn(page, /^(cannot-settle|authorize|sign|requirement)$/)).toBe('cannot-settle')
  await expect(card.getByTestId('card-title')).toHaveText('The account cannot approve its funds on OP Mainnet yet')
  await expect(card.getByTestId('card-detail')).toContainText('cannot give the Permit2 approval')
  await press(page, 'Let the route choose the funds')
  await expect(page.getByLabel('Funds', { exact: true })).toHaveValue('')

  // Its own ops put the USDC into the escrow: no approval step, the card goes straight to Sign.
  expect(await cardSettlesOn(page, /^(requirement|sign)$/)).toBe('sign')
  await expect(card.getByTestId('card-pay')).toContainText('on OP Mainnet')
  await expect(card.getByTestId('card-receive')).toContainText('10 USDC')
  await expect(card.getByTestId('card-funds-used')).toHaveText('Sent by your account')
  await expect(card.getByTestId('card-account')).toContainText('one-time account setup fee')
  await walkToCompleted(page, '10 USDC on Ethereum')
  const timeline = page.getByTestId('intent-timeline')
  await expect(timeline.locator('[data-step=setup]').first()).toContainText('Account set up on OP Mainnet')
  await expect(timeline.locator('[data-step=claim]')).toContainText('Claimed on OP Mainnet')

  expect(await devnetClient(op).getCode({ address: smartAccount })).toMatch(/^0x6080/)
  expect(await balanceOf(ethereum, 'USDC', smartAccount)).toBe(before + 10_000_000n)
})

test('a call-only action: the smart account runs a call on Base, moving no tokens, to Completed', async ({ page }) => {
  test.slow()
  const beneficiary = privateKeyToAddress(generatePrivateKey())
  // What it pays the call and the fee with, on Base (deployed there by the route if not yet).
  await devnetChain().mint(base, 'USDC', smartAccount, 5_000_000n)
  await openAsAccount(page, { label: 'Smart account (Nexus)', choice: 'nexus', address: smartAccount })
  await page.getByLabel('Destination chain').selectOption(String(base))
  await openAdvanced(page)
  await page.locator('summary', { hasText: 'Calls on arrival' }).click()
  await page.getByRole('button', { name: 'Add a call' }).click()
  const call = page.locator('[data-call="0"]')
  await call.getByLabel('To').fill(tokenOn(base, 'USDC'))
  await call.getByLabel('Value (wei)').fill('0')
  await call
    .getByLabel('Data (hex)')
    .fill(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [beneficiary, 1_000_000n] }))
  await page.getByTestId('calls-only').getByRole('checkbox').check()
  await expect(page.getByRole('group', { name: 'Token request 1' })).toHaveCount(0)
  await expect(page.getByTestId('no-token-requests')).toContainText('runs its calls on Base')
  await page.getByRole('button', { name: 'Get route' }).click()

  const card = page.getByTestId('route-card')
  expect(await cardSettlesOn(page, /^(requirement|sign|quote-failed)$/)).toBe('sign')
  await expect(card.getByTestId('card-receive')).toHaveText(/No tokens: only your account's calls run/)
  await press(page, 'Sign')
  await press(page, 'Submit')
  await expect(card.getByTestId('card-title')).toHaveText('Completed', { timeout: 120_000 })
  const timeline = page.getByTestId('intent-timeline')
  await expect(timeline).toHaveAttribute('data-status', 'COMPLETED')
  const ops = timeline.locator('[data-step=ownOps]')
  await expect(ops).toContainText("Your account's operations ran on Base")
  const hash = (await ops.getByTestId('tx-hash').textContent()) as Hex
  expect((await devnetClient(base).getTransactionReceipt({ hash })).status).toBe('success')
  await expect(timeline.locator('[data-step=claim]')).toHaveCount(0)
  expect(await balanceOf(base, 'USDC', beneficiary)).toBe(1_000_000n)
})

test('the wallet as an EOA with 7702 sends unlocked USDC from Base: its own escrow, to Completed', async ({ page }) => {
  test.slow()
  await openAsAccount(page, { label: 'EOA with 7702', choice: 'eip7702', address: demoAddress, checkedLater: true })
  await askFor(page, { chain: 'Ethereum', token: 'USDC', amount: '10' })
  await page.locator('summary', { hasText: 'Which funds to use' }).click()
  await page.getByRole('group', { name: 'Use only these chains' }).getByLabel('Base').check()

  const card = page.getByTestId('route-card')
  expect(await cardSettlesOn(page, /^(authorize|requirement|sign)$/)).toBe('authorize')
  await expect(card.getByTestId('card-pay')).toContainText('on Base')
  await expect(card.getByTestId('card-funds-used')).toHaveText('Sent by your account')
  const before = await balanceOf(ethereum, 'USDC', demoAddress)
  await walkToCompleted(page, '10 USDC on Ethereum')
  await expect(page.getByTestId('intent-timeline').locator('[data-step=claim]')).toContainText('Claimed on Base')
  expect(await devnetClient(base).getCode({ address: demoAddress })).toBe(designator)
  expect(await balanceOf(ethereum, 'USDC', demoAddress)).toBe(before + 10_000_000n)
})

test('USDT0 over LayerZero from the wallet as an EOA with 7702: the executor’s and the bridge’s steps', async ({
  page,
}) => {
  test.slow()
  // route.accounts.spec.ts walks the wallet through 7702 on OP Mainnet and resets its code, not its
  // storage: initialised there, it cannot be initialised again. Such a wallet is one that is already
  // delegated: its delegation is put back (its setupOps then run nothing there).
  const c = devnetClient(op)
  await c.setCode({ address: demoAddress, bytecode: designator })
  const initialised = await c
    .readContract({
      address: demoAddress,
      abi: nexusAccountAbi,
      functionName: 'isModuleInstalled',
      args: [2n, nexus.intentExecutor, '0x'],
    })
    .catch(() => false)
  if (!initialised) await c.setCode({ address: demoAddress, bytecode: '0x' })
  await openAsAccount(page, { label: 'EOA with 7702', choice: 'eip7702', address: demoAddress, checkedLater: true })
  await askFor(page, { chain: 'Ethereum', token: 'USDT', amount: '100' })
  await page.locator('summary', { hasText: 'Which funds to use' }).click()
  await page.getByRole('group', { name: 'Use only these chains' }).getByLabel('OP Mainnet').check()

  const card = page.getByTestId('route-card')
  await cardSettlesOn(page, /^(authorize|sign)$/)
  await expect(card.getByTestId('card-pay')).toContainText('USDT0')
  await expect(card.getByTestId('card-pay')).toContainText('on OP Mainnet')
  // What arrives is named on the chain it arrives on, not the chain the send leaves from.
  await expect(card.getByTestId('card-receive')).toContainText('100 USDT')
  await expect(card.getByTestId('card-receive')).toContainText('on Ethereum')
  const before = await balanceOf(ethereum, 'USDT', demoAddress)
  await walkToCompleted(page, '100 USDT on Ethereum')

  const timeline = page.getByTestId('intent-timeline')
  const sent = timeline.locator('[data-step=ownOps]')
  await expect(sent).toContainText('Sent from OP Mainnet by your account')
  await expect(sent).toContainText('LayerZero OFT send')
  const sendHash = (await sent.getByTestId('tx-hash').textContent()) as Hex
  expect((await devnetClient(op).getTransactionReceipt({ hash: sendHash })).status).toBe('success')
  await expect(timeline.locator('[data-step=bridge]')).toContainText('Carried to Ethereum over LayerZero')
  await expect(timeline.locator('[data-step=bridge]')).toHaveAttribute('data-state', 'done')
  await expect(timeline.locator('[data-step=fill]')).toContainText('Delivered on Ethereum by the OFT adapter')
  // Nothing is claimed on an OFT route: no claim step is left waiting after Completed.
  await expect(timeline.locator('[data-step=claim]')).toHaveCount(0)
  await timeline.screenshot({ path: 'tests/artifacts/screenshots/route-oft-timeline.png' })
  expect(await balanceOf(ethereum, 'USDT', demoAddress)).toBe(before + 100_000_000n)
})

test('the wallet, delegated by now, picked as a plain EOA for USDT from OP Mainnet: pick it with 7702', async ({
  page,
}) => {
  test.slow()
  expect(await devnetClient(op).getCode({ address: demoAddress })).toBe(designator)
  await openSignedIn(page)
  await askFor(page, { chain: 'Ethereum', token: 'USDT', amount: '20' })
  await page.locator('[data-testid=advanced] summary').first().click()
  await page.locator('summary', { hasText: 'Which funds to use' }).click()
  await page.getByRole('group', { name: 'Use only these chains' }).getByLabel('OP Mainnet').check()

  // The service refuses it too: an account's ops run only when the request says it is one.
  const asked = await page.request.post(`${baseUrl()}/api/v1/intents/route`, {
    headers: { ...asThePage(await signInCookie(baseUrl(), demoAccount)), 'content-type': 'application/json' },
    data: {
      account: { address: demoAddress, accountType: 'EOA' },
      destinationChainId: ethereum,
      tokenRequests: [{ tokenAddress: tokenOn(ethereum, 'USDT'), amount: '20000000' }],
      accountAccessList: { chainIds: [op] },
    },
  })
  expect(asked.status()).toBe(422)
  expect(await asked.json()).toMatchObject({ code: 'UNSETTLEABLE' })
  const card = page.getByTestId('route-card')
  expect(await cardSettlesOn(page, /^(cannot-settle|authorize|sign|quote-failed)$/)).toBe('cannot-settle')
  await expect(card.getByTestId('card-title')).toHaveText('USDT from other chains needs the wallet as an EOA with 7702')
  await expect(card.getByTestId('card-detail')).toContainText('already delegated (EIP-7702) on OP Mainnet')
  await press(page, 'Use the wallet as an EOA with 7702')
  await expect(page.getByTestId('account-picker')).toHaveAttribute('data-choice', 'eip7702')
  // Delegated on OP Mainnet and Ethereum already (the transfers above): no authorization to sign.
  expect(await cardSettlesOn(page, /^(authorize|sign)$/)).toBe('sign')
  await walkToCompleted(page, '20 USDT on Ethereum')
})
