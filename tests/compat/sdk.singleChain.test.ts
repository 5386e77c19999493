// Accounts spending their own unlocked funds through the intent executor's single-chain ops, driven
// by @rhinestone/sdk unchanged: `deploy()`, call-only `sendTransaction({ chain, calls })`, and a
// same-chain token request from what the account already holds — for a Nexus account (undeployed,
// then deployed), a Safe and an EIP-7702 EOA. Each is proven with raw chain reads: the account's
// code, the call's effect, and the fee the filler received being exactly what the account paid
// beyond its calls.
import { InsufficientBalanceError } from '@rhinestone/sdk/dist/src/orchestrator'
import { type Address, concatHex, encodeFunctionData, erc20Abi, type Hex, parseAbi, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { base } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { nexus, nexusAccountAbi } from '../../lib/core/accounts/smartAccounts'
import { devnetFillerAddress } from '../../lib/core/route/request/refusedRecipient'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { devnetActions } from '../support/devnetActions'
import { sdkClient } from '../support/sdkClient'
import { finalStatus } from '../support/sdkFinalStatus'

const rpcUrls = inject('rpcUrls')
const sdk = sdkClient({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey'), rpcUrls })
const chain = devnetActions(rpcUrls)
const usdc = (v: string) => parseUnits(v, 6)
const usdcOnBase = findTokenBySymbol(8453, 'USDC')!.address
const transfer = (to: Address, amount: bigint) => ({ to: usdcOnBase, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) })
const usdcOf = (address: Address) => chain.erc20Balance(8453, 'USDC', address)
const runsExecutor = (address: Address) => chain.client(8453).readContract({ address, abi: nexusAccountAbi, functionName: 'isModuleInstalled', args: [2n, nexus.intentExecutor, '0x'] })

type Status = { status: string; fillTransactionHash?: Hex; accountOperations?: { kind: string; chainId: number; transactionHash: Hex }[] }
async function statusOf(id: bigint | string): Promise<Status> {
  const res = await fetch(`${inject('baseUrl')}/api/v1/intent-operation/${id}`, { headers: { 'x-api-key': inject('apiKey') } })
  return (await res.json()) as Status
}

/** What a single-chain route asks the account to sign: one INTENT_EXECUTOR / NO_FUNDING element on the chain. */
function expectSingleChain(intentOp: unknown, chainId: number) {
  const { elements } = intentOp as { elements: { chainId: string; mandate: { destinationChainId: string; qualifier: { settlementContext: Record<string, unknown> } } }[] }
  expect(elements).toHaveLength(1)
  expect(elements[0]!.chainId).toBe(String(chainId))
  expect(elements[0]!.mandate.destinationChainId).toBe(String(chainId))
  expect(elements[0]!.mandate.qualifier.settlementContext).toMatchObject({ settlementLayer: 'INTENT_EXECUTOR', fundingMethod: 'NO_FUNDING' })
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
    const account = await sdk.createAccount({ account: { type: 'safe' }, owners: { type: 'ecdsa', accounts: [signer] } })
    const address = account.getAddress()
    const beneficiary = chain.freshAccount().address
    await chain.mint(8453, 'USDC', address, usdc('15'))
    const fillerBefore = await usdcOf(devnetFillerAddress)

    const result = await account.sendTransaction({ chain: base, calls: [transfer(beneficiary, usdc('4'))] })
    await account.waitForExecution(result)
    expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')

    const owners = await chain.client(8453).readContract({ address, abi: parseAbi(['function getOwners() view returns (address[])']), functionName: 'getOwners' })
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

  it('an account holding nothing gets the typed insufficient-balance error, and nothing is sent', async () => {
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [privateKeyToAccount(generatePrivateKey())] } })
    const error = await account.prepareTransaction({ chain: base, calls: [transfer(chain.freshAccount().address, 1n)] }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(InsufficientBalanceError)
    expect(await chain.client(8453).getCode({ address: account.getAddress() })).toBeUndefined()
  })
})
