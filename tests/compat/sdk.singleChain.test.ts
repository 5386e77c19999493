// Accounts spending their own unlocked funds through the intent executor's single-chain ops, driven
// by @rhinestone/sdk unchanged: `deploy()`, call-only `sendTransaction({ chain, calls })`, and a
// same-chain token request from what the account already holds — for a Nexus account (undeployed,
// then deployed), a Safe and an EIP-7702 EOA. Each is proven with raw chain reads: the account's
// code, the call's effect, and the fee the filler received being exactly what the account paid
// beyond its calls.

import { InsufficientBalanceError } from '@rhinestone/sdk/dist/src/orchestrator'
import { IntentFailedError } from '@rhinestone/sdk/errors'
import { type Address, concatHex, encodeFunctionData, erc20Abi, type Hex, parseAbi, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { arbitrum, base, optimism } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { intentExecutorAbi } from '../../lib/core/abi/intentExecutor'
import { nexus, nexusAccountAbi } from '../../lib/core/accounts/smartAccounts'
import { addresses, oftAdapters } from '../../lib/core/addresses'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { singleChainOpsData, toSingleChainOp } from '../../lib/core/route/ops'
import { devnetFillerAddress } from '../../lib/core/route/request/refusedRecipient'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { fillerAccount } from '../../lib/devnet/demoAccount'
import { devnetActions } from '../support/devnetActions'
import { apiIntentStatus, finalStatus } from '../support/intentStatus'
import { sdkClient } from '../support/sdkClient'

const rpcUrls = inject('rpcUrls')
const sdk = sdkClient({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey'), rpcUrls })
const chain = devnetActions(rpcUrls)
const usdc = (v: string) => parseUnits(v, 6)
const usdcOnBase = findTokenBySymbol(8453, 'USDC')!.address
const transfer = (to: Address, amount: bigint) => ({
  to: usdcOnBase,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})
const usdcOf = (address: Address) => chain.erc20Balance(8453, 'USDC', address)
const runsExecutor = (address: Address) =>
  chain.client(8453).readContract({
    address,
    abi: nexusAccountAbi,
    functionName: 'isModuleInstalled',
    args: [2n, nexus.intentExecutor, '0x'],
  })

const statusOf = apiIntentStatus({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey') })

/** What a single-chain route asks the account to sign: one INTENT_EXECUTOR / NO_FUNDING element on the chain. */
function expectSingleChain(intentOp: unknown, chainId: number) {
  const { elements } = intentOp as {
    elements: {
      chainId: string
      mandate: { destinationChainId: string; qualifier: { settlementContext: Record<string, unknown> } }
    }[]
  }
  expect(elements).toHaveLength(1)
  expect(elements[0]!.chainId).toBe(String(chainId))
  expect(elements[0]!.mandate.destinationChainId).toBe(String(chainId))
  expect(elements[0]!.mandate.qualifier.settlementContext).toMatchObject({
    settlementLayer: 'INTENT_EXECUTOR',
    fundingMethod: 'NO_FUNDING',
  })
}

describe('@rhinestone/sdk accounts spend their own unlocked funds (single-chain ops)', () => {
  const owner = privateKeyToAccount(generatePrivateKey())

  it('deploy(): an undeployed Nexus that was simply sent USDC deploys itself, paying the fee from it', async () => {
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [owner] } })
    const address = account.getAddress()
    await chain.mint(8453, 'USDC', address, usdc('20'))
    const fillerBefore = await usdcOf(devnetFillerAddress)
    expect(await chain.client(8453).getCode({ address })).toBeUndefined()

    expect(await account.deploy(base)).toBe(true)

    expect(await chain.client(8453).getCode({ address })).toMatch(/^0x6080/)
    expect(await runsExecutor(address)).toBe(true)
    const fee = usdc('20') - (await usdcOf(address))
    expect(fee).toBeGreaterThan(0n)
    expect(fee).toBeLessThan(usdc('5'))
    expect((await usdcOf(devnetFillerAddress)) - fillerBefore).toBe(fee)
    expect(await account.deploy(base)).toBe(false) // deployed: nothing more to do
  })

  it('a call-only sendTransaction on the deployed Nexus moves its own USDC: COMPLETED, fee exact', async () => {
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [owner] } })
    const address = account.getAddress()
    const beneficiary = chain.freshAccount().address
    const [before, fillerBefore] = [await usdcOf(address), await usdcOf(devnetFillerAddress)]

    const prepared = await account.prepareTransaction({ chain: base, calls: [transfer(beneficiary, usdc('5'))] })
    expectSingleChain(prepared.intentRoute.intentOp, 8453)
    expect(prepared.intentRoute.tokenRequirements ?? {}).toEqual({}) // nothing to approve or wrap
    const result = await account.submitTransaction(await account.signTransaction(prepared))
    await account.waitForExecution(result)
    expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')

    expect(await usdcOf(beneficiary)).toBe(usdc('5'))
    const fee = (await usdcOf(devnetFillerAddress)) - fillerBefore
    expect(fee).toBeGreaterThan(0n)
    expect(before - (await usdcOf(address))).toBe(usdc('5') + fee)
    const status = await statusOf(result.id)
    const ops = status.accountOperations ?? []
    expect(ops.map((o) => `${o.kind}:${o.chainId}`)).toEqual(['singleChainOps:8453'])
    expect(status.fillTransactionHash).toBe(ops[0]!.transactionHash)
    expect((await chain.client(8453).getTransactionReceipt({ hash: ops[0]!.transactionHash })).status).toBe('success')
  })

  it('a same-chain token request the account already holds unlocked: no approval, no lock, no bridge', async () => {
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [owner] } })
    const address = account.getAddress()
    const beneficiary = chain.freshAccount().address
    const before = await usdcOf(address)
    const prepared = await account.prepareTransaction({
      sourceChains: [base],
      targetChain: base,
      calls: [transfer(beneficiary, usdc('3'))],
      tokenRequests: [{ address: usdcOnBase, amount: usdc('3') }],
    })
    expectSingleChain(prepared.intentRoute.intentOp, 8453)
    const result = await account.submitTransaction(await account.signTransaction(prepared))
    await account.waitForExecution(result)
    expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')
    expect(await usdcOf(beneficiary)).toBe(usdc('3'))
    expect(before - (await usdcOf(address))).toBeGreaterThan(usdc('3'))
  })

  it('an undeployed Safe sent USDC runs a call-only transaction: deployed by its setupOps, the call ran', async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    const account = await sdk.createAccount({
      account: { type: 'safe' },
      owners: { type: 'ecdsa', accounts: [signer] },
    })
    const address = account.getAddress()
    const beneficiary = chain.freshAccount().address
    await chain.mint(8453, 'USDC', address, usdc('15'))
    const fillerBefore = await usdcOf(devnetFillerAddress)

    const result = await account.sendTransaction({ chain: base, calls: [transfer(beneficiary, usdc('4'))] })
    await account.waitForExecution(result)
    expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')

    const owners = await chain.client(8453).readContract({
      address,
      abi: parseAbi(['function getOwners() view returns (address[])']),
      functionName: 'getOwners',
    })
    expect(owners).toEqual([signer.address])
    expect(await usdcOf(beneficiary)).toBe(usdc('4'))
    const fee = (await usdcOf(devnetFillerAddress)) - fillerBefore
    expect(usdc('15') - (await usdcOf(address))).toBe(usdc('4') + fee)
    const kinds = ((await statusOf(result.id)).accountOperations ?? []).map((o) => o.kind)
    expect(kinds).toEqual(['setup', 'singleChainOps'])
  })

  it('an EIP-7702 EOA holding only USDC runs a call: delegated, the call ran, no ETH of its own needed', async () => {
    const eoa = privateKeyToAccount(generatePrivateKey())
    await chain.mint(8453, 'USDC', eoa.address, usdc('12'))
    const beneficiary = chain.freshAccount().address
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [eoa] }, eoa })
    const fillerBefore = await usdcOf(devnetFillerAddress)

    const prepared = await account.prepareTransaction({
      chain: base,
      calls: [transfer(beneficiary, usdc('2'))],
      eip7702InitSignature: await account.signEip7702InitData(),
    })
    expectSingleChain(prepared.intentRoute.intentOp, 8453)
    const signed = await account.signTransaction(prepared)
    const result = await account.submitTransaction(signed, await account.signAuthorizations(prepared))
    await account.waitForExecution(result)
    expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')

    const designator = concatHex(['0xef0100', nexus.implementation.toLowerCase() as Hex])
    expect(await chain.client(8453).getCode({ address: eoa.address })).toBe(designator)
    expect(await usdcOf(beneficiary)).toBe(usdc('2'))
    const fee = (await usdcOf(devnetFillerAddress)) - fillerBefore
    expect(usdc('12') - (await usdcOf(eoa.address))).toBe(usdc('2') + fee)
    expect(await chain.client(8453).getBalance({ address: eoa.address })).toBe(0n)
  })

  it("nobody can run an account's single-chain ops but the filler with its signature, once, as signed", async () => {
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [owner] } })
    const address = account.getAddress()
    const attacker = chain.freshAccount().address
    const prepared = await account.prepareTransaction({
      chain: base,
      calls: [transfer(chain.freshAccount().address, usdc('1'))],
    })
    const signed = await account.signTransaction(prepared)
    const intentOp = prepared.intentRoute.intentOp as unknown as WireIntentOp
    const element = intentOp.elements[0]!
    const nonce = BigInt(intentOp.nonce)
    const signature = signed.originSignatures[0] as Hex
    const relay = (
      from: Address,
      signedOps: { account: Address; nonce: bigint; ops: { data: Hex }; signature: Hex },
      chainId = 8453,
    ) =>
      chain
        .client(chainId)
        .simulateContract({
          address: addresses.intentExecutor,
          abi: intentExecutorAbi,
          functionName: 'executeSinglechainOps',
          args: [signedOps],
          account: from,
        })
        .then(
          () => 'ran',
          (e: unknown) => String((e as Error).message),
        )
    const ops = { data: singleChainOpsData(element.mandate.destinationOps) }
    const honest = { account: address, nonce, ops, signature }
    expect(await relay(fillerAccount.address, honest)).toBe('ran')
    expect(await relay(attacker, honest)).toMatch(/only the filler/)
    // Another nonce, other ops (the transfer to the attacker), another account's or chain's domain.
    expect(await relay(fillerAccount.address, { ...honest, nonce: nonce + 1n })).toMatch(
      /InvalidStandaloneIntentSignature/,
    )
    const stolen = singleChainOpsData(
      toSingleChainOp([{ to: usdcOnBase, value: 0n, data: transfer(attacker, usdc('1')).data }]),
    )
    expect(await relay(fillerAccount.address, { ...honest, ops: { data: stolen } })).toMatch(
      /InvalidStandaloneIntentSignature/,
    )
    const other = await sdk.createAccount({
      owners: { type: 'ecdsa', accounts: [privateKeyToAccount(generatePrivateKey())] },
    })
    expect(await relay(fillerAccount.address, { ...honest, account: other.getAddress() })).toMatch(/NotInitialized/)
    expect(await relay(fillerAccount.address, honest, 10)).toMatch(/NotInitialized/)

    const result = await account.submitTransaction(signed)
    await account.waitForExecution(result)
    expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')
    expect(await relay(fillerAccount.address, honest)).toMatch(/already executed/)
    const consumed = (n: bigint, who: Address) =>
      chain.client(8453).readContract({
        address: addresses.intentExecutor,
        abi: intentExecutorAbi,
        functionName: 'isStandaloneIntentNonceConsumed',
        args: [n, who],
      })
    expect(await consumed(nonce, address)).toBe(true)
    expect(await consumed(nonce, other.getAddress())).toBe(false) // a nonce is per account
  })

  it(
    'ops that can no longer run (the fee token drained ' + 'after signing) end FAILED before anything is sent',
    async () => {
      const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [owner] } })
      const address = account.getAddress()
      const beneficiary = chain.freshAccount().address
      const stale = await account.prepareTransaction({ chain: base, calls: [transfer(beneficiary, usdc('5'))] })
      const staleSigned = await account.signTransaction(stale)
      const [element] = (stale.intentRoute.intentOp as unknown as WireIntentOp).elements
      const fee = BigInt(element!.idsAndAmounts[0]![1]) // a call-only route spends only its fee
      expect(fee).toBeGreaterThan(0n)
      // The account spends nearly all it holds first, by another route of its own (about as dear).
      const held = await usdcOf(address)
      const drain = await account.sendTransaction({
        chain: base,
        calls: [transfer(chain.freshAccount().address, held - 3n * fee)],
      })
      await account.waitForExecution(drain)
      const after = await usdcOf(address)
      expect(after).toBeLessThan(usdc('5') + fee)

      const result = await account.submitTransaction(staleSigned)
      await expect(account.waitForExecution(result)).rejects.toBeInstanceOf(IntentFailedError)
      const status = await statusOf(result.id)
      expect(status.status).toBe('FAILED')
      expect(status.failureReason).toMatch(/ops reverted.*nothing was taken/)
      expect(status.accountOperations ?? []).toEqual([]) // nothing was sent
      expect(await usdcOf(address)).toBe(after)
      expect(await usdcOf(beneficiary)).toBe(0n)
    },
  )

  // The account changes what authorises its ops between signing and settlement, by ops of its own
  // (the client's module and owner actions): the stale ops must end FAILED with nothing sent, and
  // the filler must spend nothing on them.
  const ownerActions = parseAbi([
    'function addOwner(address owner)',
    'function removeOwner(address prevOwner, address owner)',
    'function getOwners(address account) view returns (address[])',
    'function uninstallModule(uint256 moduleTypeId, address module, bytes deInitData)',
  ])
  it.each([
    ['its only signer replaced (addOwner, removeOwner)', 'signer'],
    ['the intent executor uninstalled (uninstallModule)', 'executor'],
  ] as const)('%s after signing: the stale ops are refused or end FAILED, and nothing is sent', async (_, change) => {
    const signer = privateKeyToAccount(generatePrivateKey())
    const successor = privateKeyToAccount(generatePrivateKey())
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [signer] } })
    const address = account.getAddress()
    await chain.mint(8453, 'USDC', address, usdc('30'))
    expect(await account.deploy(base)).toBe(true)
    const beneficiary = chain.freshAccount().address
    const staleSigned = await account.signTransaction(
      await account.prepareTransaction({ chain: base, calls: [transfer(beneficiary, usdc('5'))] }),
    )

    const call = (
      to: Address,
      functionName: 'addOwner' | 'removeOwner' | 'uninstallModule',
      args: readonly unknown[],
    ) => ({
      to,
      data: encodeFunctionData({ abi: ownerActions, functionName, args } as never),
    })
    const calls =
      change === 'signer'
        ? [
            call(nexus.ownableValidator, 'addOwner', [successor.address]),
            call(nexus.ownableValidator, 'removeOwner', [successor.address, signer.address]),
          ]
        : [call(address, 'uninstallModule', [2n, nexus.intentExecutor, '0x'])]
    await account.waitForExecution(await account.sendTransaction({ chain: base, calls }))
    if (change === 'signer') {
      const owners = await chain.client(8453).readContract({
        address: nexus.ownableValidator,
        abi: ownerActions,
        functionName: 'getOwners',
        args: [address],
      })
      expect(owners).toEqual([successor.address])
    } else {
      expect(await runsExecutor(address)).toBe(false)
      // New calls are refused at quote time now: nothing could run them.
      await expect(account.prepareTransaction({ chain: base, calls: [transfer(beneficiary, 1n)] })).rejects.toThrow(
        /intent executor/,
      )
    }
    const [held, fillerEth] = [
      await usdcOf(address),
      await chain.client(8453).getBalance({ address: devnetFillerAddress }),
    ]

    if (change === 'signer') {
      // Submit checks the signature against the account as it is now (ERC-1271): refused at once.
      await expect(account.submitTransaction(staleSigned)).rejects.toThrow(
        /not the sponsor's signature over element 0's SingleChainOps/,
      )
    } else {
      const result = await account.submitTransaction(staleSigned)
      await expect(account.waitForExecution(result)).rejects.toBeInstanceOf(IntentFailedError)
      const status = await statusOf(result.id)
      expect(status.status).toBe('FAILED')
      expect(status.failureReason).toMatch(/does not run the intent executor.*nothing was taken/)
      expect(status.accountOperations ?? []).toEqual([])
    }
    expect(await usdcOf(address)).toBe(held)
    expect(await usdcOf(beneficiary)).toBe(0n)
    expect(await chain.client(8453).getBalance({ address: devnetFillerAddress })).toBe(fillerEth) // no gas spent on it
  })

  it('USDT0 from OP Mainnet to Arbitrum over LayerZero OFT, from an undeployed Nexus holding only USDT0', async () => {
    const account = await sdk.createAccount({
      owners: { type: 'ecdsa', accounts: [privateKeyToAccount(generatePrivateKey())] },
    })
    const address = account.getAddress()
    const recipient = chain.freshAccount().address
    await chain.mint(10, 'USDT0', address, usdc('60'))
    const usdt0 = (chainId: number, who: Address) => chain.erc20Balance(chainId, 'USDT0', who)
    const fillerBefore = await usdt0(10, devnetFillerAddress)

    const prepared = await account.prepareTransaction({
      sourceChains: [optimism],
      targetChain: arbitrum,
      tokenRequests: [{ address: findTokenBySymbol(42161, 'USDT0')!.address, amount: usdc('25') }],
      recipient,
    })
    const intentOp = prepared.intentRoute.intentOp as unknown as WireIntentOp
    expect(intentOp.elements).toHaveLength(1)
    const [element] = intentOp.elements
    expect(element!.mandate.destinationChainId).toBe('10') // the ops run on the source chain
    const context = element!.mandate.qualifier.settlementContext
    expect(context).toMatchObject({
      settlementLayer: 'INTENT_EXECUTOR',
      fundingMethod: 'NO_FUNDING',
      bridgeFill: { type: 'OFT', destinationChainId: 42161 },
    })
    expect(BigInt(context.prefundAmount ?? '0')).toBeGreaterThan(0n) // LayerZero's fee, handed over by the filler
    const result = await account.submitTransaction(await account.signTransaction(prepared))
    await account.waitForExecution(result)
    expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')

    // Arrived on Arbitrum by the bridge's delivery, which the status reports as the fill.
    expect(await usdt0(42161, recipient)).toBe(usdc('25'))
    const status = await statusOf(result.id)
    expect(status).toMatchObject({ status: 'COMPLETED', destinationChainId: 42161 })
    const delivery = await chain.client(42161).getTransactionReceipt({ hash: status.fillTransactionHash! })
    expect(delivery.status).toBe('success')
    expect(delivery.logs.some((l) => l.address.toLowerCase() === oftAdapters[42161].adapter.toLowerCase())).toBe(true)
    // On OP Mainnet: deployed, then its own ops: the fee to the filler and the send (the OFT keeps its
    // share of what was sent); the account spent exactly what the route drew, and holds no ETH.
    expect(await chain.client(10).getCode({ address })).toMatch(/^0x6080/)
    const drawn = BigInt(element!.idsAndAmounts[0]![1])
    expect(usdc('60') - (await usdt0(10, address))).toBe(drawn)
    const fee = (await usdt0(10, devnetFillerAddress)) - fillerBefore
    expect(fee).toBeGreaterThan(0n)
    expect(drawn - fee).toBeGreaterThanOrEqual(usdc('25'))
    expect(await chain.client(10).getBalance({ address })).toBe(0n)
    const final = await statusOf(result.id)
    expect((final.accountOperations ?? []).map((o) => `${o.kind}:${o.chainId}`)).toEqual([
      'setup:10',
      'singleChainOps:10',
    ])
    // What the element drew moved in its ops (the fee to the filler among them): that is its claim.
    const ops = final.accountOperations?.find((o) => o.kind === 'singleChainOps')
    expect(final.claims).toMatchObject([
      { chainId: 10, status: 'COMPLETED', claimTransactionHash: ops?.transactionHash },
    ])
  })

  it('an account holding nothing gets the typed insufficient-balance error, and nothing is sent', async () => {
    const account = await sdk.createAccount({
      owners: { type: 'ecdsa', accounts: [privateKeyToAccount(generatePrivateKey())] },
    })
    const error = await account
      .prepareTransaction({ chain: base, calls: [transfer(chain.freshAccount().address, 1n)] })
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(error).toBeInstanceOf(InsufficientBalanceError)
    expect(await chain.client(8453).getCode({ address: account.getAddress() })).toBeUndefined()
  })
})
