// The demo wallet as the owner of a smart account, in the browser: it picks "Smart account (Nexus)",
// funds the account (a lock in The Compact from the wallet), asks for USDC on Arbitrum One with a
// call on arrival, signs (the owner's signature, packed and checked with ERC-6492) and submits; the
// timeline shows the deployment and the call's transactions and reads Completed. Then "EOA with
// 7702": the wallet signs the account's Nexus initialisation, the authorizations panel shows each
// EIP-7702 authorization decoded and the wallet signs them there; the route completes with the
// delegation on chain. Everything the suites after this one assert is put back afterwards.
import type { Page } from '@playwright/test'
import { type Address, concatHex, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { nexusDeployment } from '../../lib/core/accounts/nexusAccount'
import { nexus } from '../../lib/core/accounts/smartAccounts'
import { addresses } from '../../lib/core/addresses'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockId } from '../../lib/core/locks/lockId'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import * as artifacts from '../../lib/devnet/contracts/artifacts'
import { operatorAddress } from '../../lib/devnet/demoAccount'
import { mined } from '../../lib/devnet/devnetClient'
import { devnetChain, devnetClient } from './support/devnet'
import { expect, test } from './support/fixtures'
import { demoAddress } from './support/portfolioPage'
import { askFor, expectCompletedCard, openAsAccount } from './support/routePage'

test.describe.configure({ mode: 'serial' })

const [op, base, arbitrum] = [10, 8453, 42161]
const usdcOn = (chainId: number) => findTokenBySymbol(chainId, 'USDC')!.address as Address
const usdc = (chainId: number, who: Address) =>
  devnetClient(chainId).readContract({
    address: usdcOn(chainId),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [who],
  })
const allowance = () =>
  devnetClient(base).readContract({
    address: usdcOn(base),
    abi: erc20Abi,
    functionName: 'allowance',
    args: [demoAddress, addresses.theCompact],
  })
const ethOf = (chainId: number) => devnetClient(chainId).getBalance({ address: demoAddress })
const opLock = () =>
  devnetClient(op).readContract({
    address: addresses.theCompact,
    abi: artifacts.resourceLocks.abi,
    functionName: 'balanceOf',
    args: [demoAddress, lockId(defaultLockTag, usdcOn(op))],
  })
const transfer = (to: Address, amount: bigint): Hex =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

/** One call on arrival: `amount` USDC from the account to `to`, on Arbitrum One. */
async function addTransferCall(page: Page, to: Address, amount: bigint) {
  await page.locator('summary', { hasText: 'Calls on arrival' }).click()
  await page.getByRole('button', { name: 'Add a call' }).click()
  const call = page.locator('[data-call="0"]')
  await call.getByLabel('To').fill(usdcOn(arbitrum))
  await call.getByLabel('Value (wei)').fill('0')
  await call.getByLabel('Data (hex)').fill(transfer(to, amount))
}

/** Sign, then Submit with the card's button; waits for Completed. */
async function signAndSubmit(page: Page) {
  const primary = page.getByTestId('primary-action')
  await expect(primary).toHaveText('Sign', { timeout: 60_000 })
  await primary.click()
  await expect(primary).toHaveText('Submit')
  // The owner's signature, packed for the account and accepted by it (ERC-6492: it has no code yet).
  await expect(page.locator('#sign')).toContainText('passes the account’s ERC-1271 check')
  await expect(page.locator('#sign').getByTestId('signature').first()).toContainText(
    /verified: the account accepts it\s*0x0{40}[0-9a-f]{130}$/,
  )
  await primary.click()
  await expectCompletedCard(page, /USDC on Arbitrum One/)
}

test('the demo wallet owns a Nexus smart account: funded, a route with a call on arrival, signed, submitted, Completed', async ({
  page,
}) => {
  test.slow()
  const account = nexusDeployment(demoAddress).address
  const beneficiary = privateKeyToAddress(generatePrivateKey())
  const seeded = { base: await usdc(base, demoAddress), allowance: await allowance(), baseEth: await ethOf(base) }
  try {
    await openAsAccount(page, { label: 'Smart account (Nexus)', choice: 'nexus', address: account })

    await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '10' })
    const available = page.getByTestId('available-balance')
    await expect(available).toBeVisible()
    const onBase = available.locator('li[data-chain="Base"][data-token="USDC"]')
    const before = (await onBase.count()) > 0 ? ((await onBase.textContent()) ?? '') : ''

    // Fund it: 50 USDC from the wallet's Base balance, locked for the account.
    const fund = page.getByTestId('fund-smart-account')
    await fund.getByLabel('USDC').fill('50')
    await fund.getByRole('button', { name: 'Fund it' }).click()
    await expect(fund.getByTestId('fund-status')).toHaveText('Locked 50 USDC for the smart account on Base.', {
      timeout: 60_000,
    })
    // The form reads the account's balances again after funding, without a reload: the lock is there.
    await expect(onBase).toContainText('50')
    await expect(onBase).not.toHaveText(before)

    await addTransferCall(page, beneficiary, 1_000_000n)
    await page.getByRole('button', { name: 'Get route' }).click()
    await signAndSubmit(page)

    const timeline = page.getByTestId('intent-timeline')
    await expect(timeline).toHaveAttribute('data-status', 'COMPLETED')
    const setups = timeline.locator('[data-step=setup]')
    await expect(setups).toHaveCount(2)
    await expect(setups.first()).toContainText('Account set up on')
    await expect(setups.first().getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
    const calls = timeline.locator('[data-step=calls]')
    await expect(calls).toHaveAttribute('data-state', 'done')
    await expect(calls).toContainText('Calls ran on Arbitrum One')
    const callHash = (await calls.getByTestId('tx-hash').textContent()) as Hex
    expect((await devnetClient(arbitrum).getTransactionReceipt({ hash: callHash })).status).toBe('success')

    // On chain: the account exists at the SDK's address where the route ran, and the call paid the beneficiary.
    for (const id of [base, arbitrum]) expect(await devnetClient(id).getCode({ address: account })).toMatch(/^0x6080/)
    expect(await usdc(arbitrum, beneficiary)).toBe(1_000_000n)
    expect(await usdc(arbitrum, account)).toBe(9_000_000n)
  } finally {
    const b = devnetClient(base)
    const now = await usdc(base, demoAddress)
    if (now < seeded.base)
      await mined(
        b,
        b.writeContract({
          address: usdcOn(base),
          abi: artifacts.devToken.abi,
          functionName: 'mint',
          args: [demoAddress, seeded.base - now],
          account: operatorAddress,
          chain: b.chain,
        }),
      )
    await mined(
      b,
      b.writeContract({
        address: usdcOn(base),
        abi: erc20Abi,
        functionName: 'approve',
        args: [addresses.theCompact, seeded.allowance],
        account: demoAddress,
        chain: b.chain,
      }),
    )
    await b.setBalance({ address: demoAddress, value: seeded.baseEth })
  }
})

test('the demo wallet as an EOA with 7702: the authorizations panel shows each authorization decoded and the wallet signs it', async ({
  page,
}) => {
  test.slow()
  const beneficiary = privateKeyToAddress(generatePrivateKey())
  const seeded = {
    lock: await opLock(),
    arb: await usdc(arbitrum, demoAddress),
    arbEth: await devnetClient(arbitrum).getBalance({ address: demoAddress }),
  }
  try {
    await openAsAccount(page, { label: 'EOA with 7702', choice: 'eip7702', address: demoAddress, checkedLater: true })

    // The demo account's locked USDC on OP Mainnet pays: no approval, which an undelegated account could not give.
    await askFor(page, { chain: 'Arbitrum One', token: 'USDC', amount: '10' })
    await page.locator('summary', { hasText: 'Which funds to use' }).click()
    await page.getByRole('group', { name: 'Use only these chains' }).getByLabel('OP Mainnet').check()
    await addTransferCall(page, beneficiary, 1_000_000n)
    await page.getByRole('button', { name: 'Get route' }).click()

    // The authorizations are the card's own step, before Sign: the card names them and how many.
    const primary = page.getByTestId('primary-action')
    const card = page.getByTestId('route-card')
    await expect(primary).toHaveText('Sign 2 authorizations', { timeout: 60_000 })
    await expect(card).toHaveAttribute('data-stage', 'authorize')
    await expect(card.getByTestId('card-detail')).toHaveText(
      'Lets your address run as a smart account on 2 chains; it moves no funds.',
    )
    await expect(primary).toBeEnabled()
    await expect(primary).toBeInViewport()
    const panel = page.getByTestId('authorizations-to-sign')
    const requests = panel.getByTestId('authorization-request')
    await expect(requests).toHaveCount(2)
    await expect(requests.first()).toContainText('OP Mainnet (chain id 10)')
    await expect(requests.last()).toContainText('Arbitrum One (chain id 42161)')
    await expect(requests.first()).toContainText(nexus.implementation)
    await expect(requests.first()).toContainText('the Nexus 1.2.0 implementation')
    const opNonce = await devnetClient(op).getTransactionCount({ address: demoAddress })
    await expect(requests.first().getByTestId('authorization-nonce')).toHaveText(String(opNonce))

    // Signed from the card's own button (the panel shows each signed), the card moves on to Sign, then Submit.
    await expect(panel.getByRole('button', { name: 'Sign the 2 authorizations' })).toBeVisible()
    await primary.click()
    await expect(requests.first()).toContainText('signed: recovers to the account')
    await expect(requests.last()).toContainText('signed: recovers to the account')
    await expect(primary).toHaveText('Sign')
    await primary.click()
    await expect(primary).toHaveText('Submit')
    await expect(primary).toBeEnabled()
    await primary.click()
    await expectCompletedCard(page, '10 USDC on Arbitrum One')

    const timeline = page.getByTestId('intent-timeline')
    await expect(timeline.locator('[data-step=setup]')).toHaveCount(2)
    await expect(timeline.locator('[data-step=calls]')).toContainText('Calls ran on Arbitrum One')
    const designator = concatHex(['0xef0100', nexus.implementation.toLowerCase() as Hex])
    for (const id of [op, arbitrum]) expect(await devnetClient(id).getCode({ address: demoAddress })).toBe(designator)
    expect(await usdc(arbitrum, beneficiary)).toBe(1_000_000n)
  } finally {
    // The demo account is a plain EOA again, with its seeded lock and Arbitrum balances.
    for (const id of [op, arbitrum]) await devnetClient(id).setCode({ address: demoAddress, bytecode: '0x' })
    const a = devnetClient(arbitrum)
    const arb = await usdc(arbitrum, demoAddress)
    if (arb > seeded.arb)
      await mined(
        a,
        a.writeContract({
          address: usdcOn(arbitrum),
          abi: erc20Abi,
          functionName: 'transfer',
          args: [operatorAddress, arb - seeded.arb],
          account: demoAddress,
          chain: a.chain,
        }),
      )
    await a.setBalance({ address: demoAddress, value: seeded.arbEth }) // the gas of that transfer
    const short = seeded.lock - (await opLock())
    if (short > 0n) await devnetChain().lockUsdcFor(op, demoAddress, short)
    expect(await opLock()).toBe(seeded.lock)
  }
})
