// Cross-chain from a smart account's own unlocked ERC-20s (ACCOUNT_ESCROW), through @rhinestone/sdk
// unchanged: an account that was simply sent USDC on OP Mainnet, never deployed and never having
// approved anything, asks for USDC on Base. Its signed single-chain ops (run by the intent executor
// once the filler deployed it) put the USDC into the origin arbiter's escrow; the filler fills on
// Base; the escrow is released to the filler against the attestation. Every figure is a raw chain
// read: the account received exactly what it asked for and paid exactly what its route escrowed.
import { type Address, encodeFunctionData, erc20Abi, parseEther, parseUnits, zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { base, optimism } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { arbiterAbi, escrowStatus } from '../../lib/core/abi/arbiter'
import { isAccountEscrowRoute } from '../../lib/core/intentOp/accountEscrow'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import { devnetActions } from '../support/devnetActions'
import { apiIntentStatus, finalStatus } from '../support/intentStatus'
import { sdkClient } from '../support/sdkClient'

const rpcUrls = inject('rpcUrls')
const sdk = sdkClient({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey'), rpcUrls })
const statusOf = apiIntentStatus({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey') })
const chain = devnetActions(rpcUrls)
const usdc = (v: string) => parseUnits(v, 6)
const usdcOn = (chainId: number) => findTokenBySymbol(chainId, 'USDC')!.address
const transferCall = (chainId: number, to: Address, amount: bigint) => ({
  to: usdcOn(chainId),
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

/** What the route's escrow elements draw on `chainId`. */
const escrowedOn = (intentOp: WireIntentOp, chainId: number) =>
  intentOp.elements
    .filter((e) => Number(e.chainId) === chainId)
    .reduce((sum, e) => sum + e.idsAndAmounts.reduce((s, [, a]) => s + BigInt(a), 0n), 0n)

async function escrowOf(intentOp: WireIntentOp) {
  const [first] = intentOp.elements
  const [status] = await chain.client(Number(first!.chainId)).readContract({
    address: first!.arbiter,
    abi: arbiterAbi,
    functionName: 'escrowOf',
    args: [intentOp.sponsor, BigInt(intentOp.nonce)],
  })
  return status
}

describe('@rhinestone/sdk: cross-chain from an account’s own unlocked ERC-20s (its escrow ops)', () => {
  const kinds = [
    ['an undeployed Nexus account', () => ({})],
    ['an undeployed Safe 1.4.1 account', () => ({ account: { type: 'safe' as const } })],
  ] as const

  for (const [kind, config] of kinds) {
    it(`${kind}: USDC sent to it on OP Mainnet arrives on Base, amounts exact`, async () => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [owner] }, ...config() })
      const address = account.getAddress()
      await chain.mint(10, 'USDC', address, usdc('120'))
      expect(await chain.client(10).getCode({ address })).toBeUndefined()

      const prepared = await account.prepareTransaction({
        sourceChains: [optimism],
        targetChain: base,
        calls: [],
        tokenRequests: [{ address: usdcOn(8453), amount: usdc('50') }],
      })
      const intentOp = prepared.intentRoute.intentOp as unknown as WireIntentOp
      expect(isAccountEscrowRoute(intentOp)).toBe(true)
      expect(intentOp.elements.map((e) => e.mandate.qualifier.settlementContext.settlementLayer)).toEqual([
        'INTENT_EXECUTOR',
        'INTENT_EXECUTOR',
      ])
      expect(prepared.intentRoute.tokenRequirements ?? {}).toEqual({})
      const result = await account.submitTransaction(await account.signTransaction(prepared))
      await account.waitForExecution(result)
      expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')

      expect(await chain.erc20Balance(8453, 'USDC', address)).toBe(usdc('50'))
      expect(usdc('120') - (await chain.erc20Balance(10, 'USDC', address))).toBe(escrowedOn(intentOp, 10))
      expect(await escrowOf(intentOp)).toBe(escrowStatus.released)
      expect(await chain.client(10).getCode({ address })).toMatch(/^0x/)
      // One claim, the escrow's: the destination element draws nothing.
      const { claims } = (await statusOf(result.id)) as unknown as { claims: { chainId: number; status: string }[] }
      expect(claims.map((c) => `${c.chainId}:${c.status}`)).toEqual(['10:COMPLETED'])
    })
  }

  it('an undeployed Nexus account: ETH sent to it on OP Mainnet arrives on Base as ETH, no wrap', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [owner] } })
    const address = account.getAddress()
    await chain.setEth(10, address, parseEther('1'))
    const prepared = await account.prepareTransaction({
      sourceChains: [optimism],
      targetChain: base,
      calls: [],
      tokenRequests: [{ address: zeroAddress, amount: parseEther('0.25') }],
    })
    const intentOp = prepared.intentRoute.intentOp as unknown as WireIntentOp
    expect(isAccountEscrowRoute(intentOp)).toBe(true)
    expect(prepared.intentRoute.tokenRequirements ?? {}).toEqual({}) // no WETH wrap, no approval
    const result = await account.submitTransaction(await account.signTransaction(prepared))
    await account.waitForExecution(result)
    expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')
    expect(await chain.ethBalance(8453, address)).toBe(parseEther('0.25'))
    // The account paid exactly its escrow: the filler paid the gas of its deployment and ops.
    expect(parseEther('1') - (await chain.ethBalance(10, address))).toBe(escrowedOn(intentOp, 10))
    expect(await escrowOf(intentOp)).toBe(escrowStatus.released)
  })

  it('an undeployed Nexus account with a call on arrival: the call runs on Base after the fill, as its own op', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [owner] } })
    const address = account.getAddress()
    const friend = chain.freshAccount().address
    await chain.mint(10, 'USDC', address, usdc('120'))
    const prepared = await account.prepareTransaction({
      sourceChains: [optimism],
      targetChain: base,
      calls: [transferCall(8453, friend, usdc('20'))],
      tokenRequests: [{ address: usdcOn(8453), amount: usdc('50') }],
    })
    const intentOp = prepared.intentRoute.intentOp as unknown as WireIntentOp
    expect(isAccountEscrowRoute(intentOp)).toBe(true)
    expect(prepared.intentRoute.tokenRequirements ?? {}).toEqual({})
    const result = await account.submitTransaction(await account.signTransaction(prepared))
    await account.waitForExecution(result)
    expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')
    // Delivered 50, then the account's own call sent 20 of them on.
    expect(await chain.erc20Balance(8453, 'USDC', friend)).toBe(usdc('20'))
    expect(await chain.erc20Balance(8453, 'USDC', address)).toBe(usdc('30'))
    expect(usdc('120') - (await chain.erc20Balance(10, 'USDC', address))).toBe(escrowedOn(intentOp, 10))
    expect(await escrowOf(intentOp)).toBe(escrowStatus.released)
  })

  it('a call on arrival that would revert: FAILED before anything is deployed, escrowed or filled', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [owner] } })
    const address = account.getAddress()
    await chain.mint(10, 'USDC', address, usdc('120'))
    const prepared = await account.prepareTransaction({
      sourceChains: [optimism],
      targetChain: base,
      // More than the account will hold on Base: the transfer reverts after the fill.
      calls: [transferCall(8453, chain.freshAccount().address, usdc('500'))],
      tokenRequests: [{ address: usdcOn(8453), amount: usdc('50') }],
    })
    const intentOp = prepared.intentRoute.intentOp as unknown as WireIntentOp
    expect(isAccountEscrowRoute(intentOp)).toBe(true)
    const result = await account.submitTransaction(await account.signTransaction(prepared))
    const status = await waitFinal(result.id)
    expect(status.status).toBe('FAILED')
    expect(status.failureReason).toMatch(/the destination calls would revert after the fill .*nothing was taken/)
    // The filler paid for nothing: no deployment on either chain, no escrow, no fill.
    expect(await chain.client(10).getCode({ address })).toBeUndefined()
    expect(await chain.client(8453).getCode({ address })).toBeUndefined()
    expect(status.fillTransactionHash).toBeUndefined()
    expect(await escrowOf(intentOp)).toBe(escrowStatus.none)
    expect(await chain.erc20Balance(10, 'USDC', address)).toBe(usdc('120'))
  })

  it('an EIP-7702 EOA: its unlocked USDC on OP Mainnet arrives on Base, with no approval of its own', async () => {
    const eoa = privateKeyToAccount(generatePrivateKey())
    await chain.mint(10, 'USDC', eoa.address, usdc('90'))
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [eoa] }, eoa })
    const prepared = await account.prepareTransaction({
      sourceChains: [optimism],
      targetChain: base,
      calls: [],
      tokenRequests: [{ address: usdcOn(8453), amount: usdc('40') }],
      eip7702InitSignature: await account.signEip7702InitData(),
    })
    const intentOp = prepared.intentRoute.intentOp as unknown as WireIntentOp
    expect(isAccountEscrowRoute(intentOp)).toBe(true)
    const result = await account.submitTransaction(
      await account.signTransaction(prepared),
      await account.signAuthorizations(prepared),
    )
    await account.waitForExecution(result)
    expect(await finalStatus(sdk, result.id)).toBe('COMPLETED')
    expect(await chain.erc20Balance(8453, 'USDC', eoa.address)).toBe(usdc('40'))
    expect(usdc('90') - (await chain.erc20Balance(10, 'USDC', eoa.address))).toBe(escrowedOn(intentOp, 10))
    expect(await escrowOf(intentOp)).toBe(escrowStatus.released)
  })

  it('funds moved away before the filler acts: FAILED, nothing taken, nothing sent', async () => {
    const eoa = privateKeyToAccount(generatePrivateKey())
    await chain.mint(10, 'USDC', eoa.address, usdc('60'))
    await chain.setEth(10, eoa.address, parseUnits('0.01', 18))
    const account = await sdk.createAccount({ owners: { type: 'ecdsa', accounts: [eoa] }, eoa })
    const prepared = await account.prepareTransaction({
      sourceChains: [optimism],
      targetChain: base,
      calls: [],
      tokenRequests: [{ address: usdcOn(8453), amount: usdc('30') }],
      eip7702InitSignature: await account.signEip7702InitData(),
    })
    const signed = await account.signTransaction(prepared)
    // Everything leaves before the filler can act on the submission (the EIP-7702 authorizations,
    // which name the EOA's next nonce, are signed after that transaction).
    const away: Address = chain.freshAccount().address
    await chain.transferErc20(10, eoa, 'USDC', away, usdc('60'))
    const authorizations = await account.signAuthorizations(prepared)
    const result = await account.submitTransaction(signed, authorizations)
    const status = await waitFinal(result.id)
    expect(status.status).toBe('FAILED')
    // Read before anything is sent: the filler did not even delegate the EOA (no gas spent for nothing).
    expect(status.failureReason).toMatch(/the account holds 0 of .* on chain 10, less than .*; nothing was sent/)
    expect(await chain.client(10).getCode({ address: eoa.address })).toBeUndefined()
    expect(status.fillTransactionHash).toBeUndefined()
    expect(await chain.erc20Balance(8453, 'USDC', eoa.address)).toBe(0n)
    expect(await chain.erc20Balance(10, 'USDC', away)).toBe(usdc('60'))
    expect(await escrowOf(prepared.intentRoute.intentOp as unknown as WireIntentOp)).toBe(escrowStatus.none)
  })
})

async function waitFinal(id: bigint | string) {
  for (let i = 0; i < 600; i++) {
    const status = await statusOf(id)
    if (status.status === 'COMPLETED' || status.status === 'FAILED') return status
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`intent ${id} did not reach a final state`)
}
