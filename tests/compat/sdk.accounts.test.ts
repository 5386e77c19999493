// Smart accounts through @rhinestone/sdk's own high-level flow, unchanged, against the running app
// on the devnet: createAccount → sendTransaction (or prepareTransaction → signTransaction →
// submitTransaction) → waitForExecution. Every amount is checked by raw chain reads.
import { IntentFailedError } from '@rhinestone/sdk/errors'
import { type Address, concatHex, encodeFunctionData, erc20Abi, type Hex, pad, parseAbi, parseUnits } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { base, optimism } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { nexus, safe } from '../../lib/core/accounts/smartAccounts'
import { addresses } from '../../lib/core/addresses'
import { defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockId } from '../../lib/core/locks/lockId'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import * as artifacts from '../../lib/devnet/contracts/artifacts'
import { devnetActions } from '../support/devnetActions'
import { apiIntentStatus, finalStatus } from '../support/intentStatus'
import { sdkClient } from '../support/sdkClient'

const rpcUrls = inject('rpcUrls')
const sdk = sdkClient({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey'), rpcUrls })
const statusOf = apiIntentStatus({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey') })
const chain = devnetActions(rpcUrls)
const usdc = (v: string) => parseUnits(v, 6)
const usdcOn = (chainId: number) => findTokenBySymbol(chainId, 'USDC')!.address
const usdcLock = (chainId: number) => lockId(defaultLockTag, usdcOn(chainId))

const locked = (chainId: number, owner: Address) =>
  chain.client(chainId).readContract({
    address: addresses.theCompact,
    abi: artifacts.resourceLocks.abi,
    functionName: 'balanceOf',
    args: [owner, usdcLock(chainId)],
  })
const transfer = (to: Address, amount: bigint) => ({
  to: usdcOn(8453),
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

/** What the route takes from the locks on chain 10, summed from its signed elements. */
function spentOn(
  intentOp: { elements: { chainId: string; idsAndAmounts: [string, string][] }[] },
  chainId: number,
): bigint {
  return intentOp.elements
    .filter((e) => Number(e.chainId) === chainId)
    .reduce((sum, e) => sum + e.idsAndAmounts.reduce((s, [, a]) => s + BigInt(a), 0n), 0n)
}

describe('@rhinestone/sdk smart accounts settle on the devnet', () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  let nexusAddress: Address

  it(
    'an undeployed Nexus account with one destination call: ' +
      'deployed at the SDK address, the call ran, amounts exact',
    async () => {
      const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [owner] } })
      nexusAddress = account.getAddress()
      const beneficiary = chain.freshAccount().address
      await chain.lockUsdcFor(10, nexusAddress, usdc('150'))
      expect(await chain.client(8453).getCode({ address: nexusAddress })).toBeUndefined()
      const before = await locked(10, nexusAddress)

      const prepared = await account.prepareTransaction({
        sourceChains: [optimism],
        targetChain: base,
        calls: [transfer(beneficiary, usdc('10'))],
        tokenRequests: [{ address: usdcOn(8453), amount: usdc('75') }],
      })
      const intentOp = prepared.intentRoute.intentOp as unknown as Parameters<typeof spentOn>[0] & {
        signedMetadata: { account: { setupOps: { to: Address }[] } }
      }
      expect(intentOp.signedMetadata.account.setupOps[0]!.to.toLowerCase()).toBe(nexus.factory.toLowerCase())
      const signed = await account.signTransaction(prepared)
      const result = await account.submitTransaction(signed)
      const execution = await account.waitForExecution(result)
      expect(execution.fill.hash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')

      for (const id of [10, 8453]) expect(await chain.client(id).getCode({ address: nexusAddress })).toMatch(/^0x6080/)
      // The status names what the filler sent for the account: its deployment on each chain, then
      // the destination call; each is a mined, successful transaction.
      const { accountOperations } = await statusOf(result.id)
      expect(accountOperations?.map((o) => `${o.kind}:${o.chainId}`).sort()).toEqual([
        'destinationCalls:8453',
        'setup:10',
        'setup:8453',
      ])
      for (const o of accountOperations!)
        expect((await chain.client(o.chainId).getTransactionReceipt({ hash: o.transactionHash })).status).toBe(
          'success',
        )
      expect(await chain.erc20Balance(8453, 'USDC', beneficiary)).toBe(usdc('10'))
      expect(await chain.erc20Balance(8453, 'USDC', nexusAddress)).toBe(usdc('65'))
      expect(before - (await locked(10, nexusAddress))).toBe(spentOn(intentOp, 10))
    },
  )

  it('the same account again, now deployed: its setupOps are skipped and its call runs', async () => {
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [owner] } })
    expect(account.getAddress()).toBe(nexusAddress)
    const beneficiary = chain.freshAccount().address
    const before = await locked(10, nexusAddress)
    const baseBefore = await chain.erc20Balance(8453, 'USDC', nexusAddress)

    const result = await account.sendTransaction({
      sourceChains: [optimism],
      targetChain: base,
      calls: [transfer(beneficiary, usdc('5'))],
      tokenRequests: [{ address: usdcOn(8453), amount: usdc('20') }],
    })
    const execution = await account.waitForExecution(result)
    expect(execution.fill.hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')
    expect(await chain.erc20Balance(8453, 'USDC', beneficiary)).toBe(usdc('5'))
    expect((await chain.erc20Balance(8453, 'USDC', nexusAddress)) - baseBefore).toBe(usdc('15'))
    expect(before - (await locked(10, nexusAddress))).toBeGreaterThan(usdc('20'))
  })

  it('an EIP-7702 EOA with a call: delegated to the Nexus implementation on chain afterwards', async () => {
    const eoa = privateKeyToAccount(generatePrivateKey())
    await chain.setEth(10, eoa.address, parseUnits('0.05', 18))
    await chain.mint(10, 'USDC', eoa.address, usdc('100'))
    await chain.lockErc20(10, eoa, 'USDC', usdc('100'), defaultLockTag)
    const beneficiary = chain.freshAccount().address
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [eoa] }, eoa })
    expect(account.getAddress()).toBe(eoa.address)
    const before = await locked(10, eoa.address)

    const prepared = await account.prepareTransaction({
      sourceChains: [optimism],
      targetChain: base,
      calls: [transfer(beneficiary, usdc('3'))],
      tokenRequests: [{ address: usdcOn(8453), amount: usdc('30') }],
      eip7702InitSignature: await account.signEip7702InitData(),
    })
    const signed = await account.signTransaction(prepared)
    const authorizations = await account.signAuthorizations(prepared)
    expect(authorizations.length).toBeGreaterThan(0)
    expect(typeof authorizations[0]!.nonce).toBe('number') // what the schema must accept
    const result = await account.submitTransaction(signed, authorizations)
    await account.waitForExecution(result)
    expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')

    const designator = concatHex(['0xef0100', nexus.implementation.toLowerCase() as Hex])
    expect(await chain.client(8453).getCode({ address: eoa.address })).toBe(designator)
    expect(await chain.client(10).getCode({ address: eoa.address })).toBe(designator)
    expect(await chain.erc20Balance(8453, 'USDC', beneficiary)).toBe(usdc('3'))
    expect(await chain.erc20Balance(8453, 'USDC', eoa.address)).toBe(usdc('27'))
    expect(before - (await locked(10, eoa.address))).toBe(spentOn(prepared.intentRoute.intentOp as never, 10))
  })

  it('a call that reverts: FAILED with the reason, and nothing was taken', async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [signer] } })
    const address = account.getAddress()
    await chain.lockUsdcFor(10, address, usdc('80'))
    const result = await account.sendTransaction({
      sourceChains: [optimism],
      targetChain: base,
      calls: [transfer(chain.freshAccount().address, usdc('1000'))], // more than it will hold
      tokenRequests: [{ address: usdcOn(8453), amount: usdc('40') }],
    })
    await expect(account.waitForExecution(result)).rejects.toBeInstanceOf(IntentFailedError)
    // The client's status type has no failure reason: read it as the API answers it.
    const status = await statusOf(result.id)
    expect(status.status).toBe('FAILED')
    expect(status.failureReason).toMatch(/destination calls would revert.*nothing was taken/)
    expect(await locked(10, address)).toBe(usdc('80'))
    expect(await chain.erc20Balance(8453, 'USDC', address)).toBe(0n)
  })

  it(
    'an undeployed Safe 1.4.1 account with one destination call: ' +
      'deployed at the SDK address, the call ran, amounts exact',
    async () => {
      const signer = privateKeyToAccount(generatePrivateKey())
      const account = await sdk.createAccount({
        account: { type: 'safe' },
        owners: { type: 'ecdsa', accounts: [signer] },
      })
      const address = account.getAddress()
      const beneficiary = chain.freshAccount().address
      await chain.lockUsdcFor(10, address, usdc('120'))
      expect(await chain.client(8453).getCode({ address })).toBeUndefined()
      const before = await locked(10, address)

      const prepared = await account.prepareTransaction({
        sourceChains: [optimism],
        targetChain: base,
        calls: [transfer(beneficiary, usdc('7'))],
        tokenRequests: [{ address: usdcOn(8453), amount: usdc('50') }],
      })
      const intentOp = prepared.intentRoute.intentOp as unknown as Parameters<typeof spentOn>[0] & {
        signedMetadata: { account: { setupOps: { to: Address }[] } }
      }
      expect(intentOp.signedMetadata.account.setupOps[0]!.to.toLowerCase()).toBe(safe.proxyFactory.toLowerCase())
      const result = await account.submitTransaction(await account.signTransaction(prepared))
      const execution = await account.waitForExecution(result)
      expect(execution.fill.hash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')

      // A real Safe proxy (SafeL2 1.4.1 singleton in slot 0) at the address the SDK computed, on both chains.
      for (const id of [10, 8453]) {
        const c = chain.client(id)
        expect(await c.getCode({ address })).toMatch(/^0x6080/)
        expect(await c.getStorageAt({ address, slot: '0x0' })).toBe(pad(safe.singletonL2.toLowerCase() as Hex))
        expect(
          await c.readContract({
            address,
            abi: parseAbi(['function getOwners() view returns (address[])']),
            functionName: 'getOwners',
          }),
        ).toEqual([signer.address])
      }
      expect(await chain.erc20Balance(8453, 'USDC', beneficiary)).toBe(usdc('7'))
      expect(await chain.erc20Balance(8453, 'USDC', address)).toBe(usdc('43'))
      expect(before - (await locked(10, address))).toBe(spentOn(intentOp, 10))
    },
  )

  it('Kernel and Startale accounts are refused at quote time with a 422 naming the setupOps', async () => {
    for (const type of ['kernel', 'startale'] as const) {
      const account = await sdk.createAccount({
        account: { type },
        owners: { type: 'ecdsa', accounts: [privateKeyToAccount(generatePrivateKey())] },
      })
      await chain.lockUsdcFor(10, account.getAddress(), usdc('50'))
      const error = await account
        .prepareTransaction({
          sourceChains: [optimism],
          targetChain: base,
          tokenRequests: [{ address: usdcOn(8453), amount: usdc('10') }],
        })
        .then(
          () => undefined,
          (e: unknown) => e as { statusCode?: number; message?: string },
        )
      expect(error).toMatchObject({ statusCode: 422 })
      expect(error!.message).toMatch(/setupOps.*Kernel and Startale accounts are not served/)
    }
  })

  it('a USDT0 route across chains with calls on arrival is refused at quote time with its documented 422', async () => {
    const signer = privateKeyToAccount(generatePrivateKey()) as PrivateKeyAccount
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [signer] } })
    await chain.mint(10, 'USDT0', account.getAddress(), usdc('50'))
    await chain.setEth(10, account.getAddress(), parseUnits('0.01', 18)) // LayerZero's native fee
    const usdt0 = findTokenBySymbol(42161, 'USDT0')!.address
    // The OFT send delivers by the bridge: nothing would run calls on arrival (sdk.singleChain.test.ts sends USDT0).
    const calls = [
      { to: usdt0, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [signer.address, 1n] }) },
    ]
    const error = await account
      .prepareTransaction({
        sourceChains: [optimism],
        targetChain: { ...base, id: 42161 } as never,
        calls,
        tokenRequests: [{ address: usdt0, amount: usdc('20') }],
      })
      .then(
        () => undefined,
        (e: unknown) => e as { statusCode?: number; message?: string; context?: unknown },
      )
    expect(error).toMatchObject({ statusCode: 422 })
    expect(error!.message).toMatch(/LayerZero OFT.*no calls on arrival/)
  })
})
