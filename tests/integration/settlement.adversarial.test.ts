// Settlement that cannot lose money: the sponsor plays against the filler (nonces burned before
// submit, approvals revoked and locks moved mid-settlement), the filler crashes between steps, and
// the attester goes down. After each, raw chain reads show that the filler never lost tokens net
// of what it was paid, and that the account either got exactly tokenOut or lost nothing (refunds
// included), with the intent in a final state. A stack of its own: it stops the filler and the
// attester and moves the chains' clocks.
import { type Address, encodeFunctionData, erc20Abi, type Hex, hashStruct, keccak256, pad, parseUnits, type TransactionReceipt } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scopes } from '../../lib/config/scopes'
import { allocatorAbi } from '../../lib/core/abi/allocator'
import { permit2Abi } from '../../lib/core/abi/permit2'
import { forcedWithdrawalStatus, lockContractAbi } from '../../lib/core/abi/theCompact'
import { addresses } from '../../lib/core/addresses'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { compactTypes, mandateWitnessTypestring } from '../../lib/core/intentOp/typedData'
import { defaultAllocator, defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockId } from '../../lib/core/locks/lockId'
import * as artifacts from '../../lib/devnet/contracts/artifacts'
import { fillerAccount } from '../../lib/devnet/demoAccount'
import { type Call, settlementPlan } from '../../lib/filler/settlementCalls'
import { createApiKey } from '../../lib/storage/apiKeyStore'
import { findAttestation } from '../../lib/storage/attestationStore'
import { findTransaction, recordTransaction } from '../../lib/storage/journalStore'
import { openDatabase } from '../../lib/storage/openDatabase'
import type { Sql } from '../../lib/storage/sql'
import { expectedMoves, fundedAccount, settlement } from '../support/settlement'
import { type Stack, startStack } from '../support/stack'

let stack: Stack
let sql: Sql
let s: ReturnType<typeof settlement>
const usdc = (v: string) => parseUnits(v, 6)
const chainIds = [1, 10, 8453, 42161]

beforeAll(async () => {
  stack = await startStack()
  sql = await openDatabase({ url: stack.databaseUrl })
  const { key } = await createApiKey(sql, { name: 'adversarial settlement suite', scopes })
  s = settlement({ baseUrl: stack.baseUrl, apiKey: key, rpcUrls: stack.devnet.rpcUrls })
}, 240_000)

afterAll(async () => {
  await sql?.close()
  await stack?.stop()
})

/** USDC of each owner on every chain, read from chain. */
async function usdcHoldings(owners: Address[]): Promise<Record<string, bigint>> {
  const out: Record<string, bigint> = {}
  for (const owner of owners) for (const id of chainIds) out[`${id}:${owner}`] = await s.chain.erc20Balance(id, 'USDC', owner)
  return out
}

async function status(id: string) {
  return (await s.call('GET', `/intent-operation/${id}`)).body
}

async function waitFor(id: string, done: (body: any) => boolean, what: string) {
  const until = Date.now() + 25_000
  for (;;) {
    const body = await status(id)
    if (done(body)) return body
    if (Date.now() > until) throw new Error(`intent ${id} never reached ${what}: ${JSON.stringify(body)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Moves every chain's clock to the same second, at least `atLeast`. */
async function warpTo(atLeast: bigint) {
  let target = atLeast
  for (const id of chainIds) {
    const t = (await s.chain.client(id).getBlock()).timestamp + 1n
    if (t > target) target = t
  }
  for (const id of chainIds) {
    await s.chain.client(id).setNextBlockTimestamp({ timestamp: target })
    await s.chain.client(id).mine({ blocks: 1 })
  }
}

/** What the filler would send, signed with its key, journaled for the intent and mined: a filler
 * that crashed right after this step. */
async function stepBeforeCrash(intentId: string, step: string, call: Call): Promise<TransactionReceipt> {
  const client = s.chain.client(call.chainId)
  const request = await client.prepareTransactionRequest({ account: fillerAccount, to: call.to, data: call.data, value: call.value, chain: client.chain })
  const raw = await fillerAccount.signTransaction(request as never)
  expect(await recordTransaction(sql, intentId, { step, chainId: call.chainId, raw, hash: keccak256(raw) })).toBe(true)
  const receipt = await client.waitForTransactionReceipt({ hash: await client.sendRawTransaction({ serializedTransaction: raw }) })
  expect(receipt.status).toBe('success')
  return receipt
}

async function routed(account: PrivateKeyAccount, body: Record<string, unknown>) {
  const { intentOp } = await s.route(account, { account: { address: account.address, accountType: 'EOA' }, ...body })
  return { intentOp, signed: await s.sign(account, intentOp) }
}

const planOf = (signed: WireIntentOp & { originSignatures: Hex[] }) => settlementPlan(signed, signed.originSignatures, fillerAccount.address)

describe('adversarial settlement', () => {
  it('a Permit2 nonce burned before submit (invalidateUnorderedNonces): FAILED, nothing sent, nobody loses', async () => {
    const account = await fundedAccount(s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    const { intentOp, signed } = await routed(account, { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    const nonce = BigInt(intentOp.nonce)
    await s.chain.send(8453, {
      account,
      to: addresses.permit2,
      data: encodeFunctionData({ abi: permit2Abi, functionName: 'invalidateUnorderedNonces', args: [nonce >> 8n, 1n << (nonce & 255n)] }),
      chain: s.chain.client(8453).chain,
    })
    const before = await usdcHoldings([account.address, fillerAccount.address])
    expect((await s.submit(signed)).status).toBe(201)
    const final = await waitFor(intentOp.nonce, (b) => b.status === 'FAILED', 'FAILED')
    expect(final.failureReason).toMatch(/nonce .* already used on chain 8453.*nothing was sent/)
    expect(final.refunds).toEqual([])
    expect(final.fillTransactionHash).toBeUndefined()
    expect(await usdcHoldings([account.address, fillerAccount.address])).toEqual(before)
  })

  it('a compact nonce burned by a compact the sponsor claims for itself: FAILED, nothing sent, the lock untouched', async () => {
    const account = await fundedAccount(s.chain, [{ chainId: 10, symbol: 'USDC', amount: usdc('100'), locked: true }])
    const { intentOp, signed } = await routed(account, { destinationChainId: 8453, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    const nonce = BigInt(intentOp.nonce)
    // The sponsor signs a compact with itself as arbiter over 1 unit of its lock, and claims it back
    // to itself through The Compact's batch multichain claim: the nonce is used, nobody is paid.
    const id = lockId(defaultLockTag, s.chain.token(10, 'USDC').address)
    const mandate = {
      target: { recipient: account.address, tokenOut: [], targetChain: 10n, fillExpiry: BigInt(intentOp.expires) },
      minGas: 0n,
      originOps: { vt: pad('0x00', { size: 32 }), ops: [] },
      destOps: { vt: pad('0x00', { size: 32 }), ops: [] },
      q: pad('0x00', { size: 32 }),
    }
    const commitments = [{ lockTag: defaultLockTag, token: s.chain.token(10, 'USDC').address, amount: 1n }]
    const message = { sponsor: account.address, nonce, expires: BigInt(intentOp.expires), elements: [{ arbiter: account.address, chainId: 10n, commitments, mandate }] }
    const signature = await account.signTypedData({
      domain: { name: 'The Compact', version: '1', chainId: 10, verifyingContract: '0x73d2Dc0c21fca4EC1601895d50Df7f5624f07D3F' },
      types: compactTypes,
      primaryType: 'MultichainCompact',
      message,
    })
    const toItself = (BigInt(defaultLockTag) << 160n) | BigInt(account.address)
    await s.chain.send(10, {
      account,
      to: addresses.theCompact,
      data: encodeFunctionData({
        abi: lockContractAbi,
        functionName: 'batchMultichainClaim',
        args: [
          {
            allocatorData: '0x',
            sponsorSignature: signature,
            sponsor: account.address,
            nonce,
            expires: BigInt(intentOp.expires),
            witness: hashStruct({ types: compactTypes, primaryType: 'Mandate', data: mandate }),
            witnessTypestring: mandateWitnessTypestring,
            claims: [{ id, allocatedAmount: 1n, portions: [{ claimant: toItself, amount: 1n }] }],
            additionalChains: [],
          },
        ],
      }),
      chain: s.chain.client(10).chain,
    })
    const locked = await s.chain.lockedBalance(10, account.address, id)
    const before = await usdcHoldings([account.address, fillerAccount.address])
    expect((await s.submit(signed)).status).toBe(201)
    const final = await waitFor(intentOp.nonce, (b) => b.status === 'FAILED', 'FAILED')
    expect(final.failureReason).toMatch(/nonce .* already used on chain 10.*nothing was sent/)
    expect(final.fillTransactionHash).toBeUndefined()
    expect(await usdcHoldings([account.address, fillerAccount.address])).toEqual(before)
    expect(await s.chain.lockedBalance(10, account.address, id)).toBe(locked)
  })

  it('lock moves while an intent is allocated: those that keep it funded pass, one that would unfund it is refused; the route settles as signed', async () => {
    const account = await fundedAccount(s.chain, [{ chainId: 10, symbol: 'USDC', amount: usdc('100'), locked: true }])
    const id = lockId(defaultLockTag, s.chain.token(10, 'USDC').address)
    const client = s.chain.client(10)
    const lockCall = (data: Hex) => s.chain.send(10, { account, to: addresses.theCompact, data, chain: client.chain })
    const transfer = (amount: bigint) => encodeFunctionData({ abi: lockContractAbi, functionName: 'transfer', args: [s.chain.freshAccount().address, id, amount] })
    const withdrawal = (amount: bigint, nonce: bigint) =>
      encodeFunctionData({
        abi: lockContractAbi,
        functionName: 'allocatedTransfer',
        args: [{ allocatorData: '0x', nonce, expires: 2n ** 48n, id, recipients: [{ claimant: BigInt(account.address), amount }] }],
      })
    // Nothing allocated yet: the allocator attests a transfer.
    await lockCall(transfer(usdc('1')))
    expect(await s.chain.lockedBalance(10, account.address, id)).toBe(usdc('99'))

    await stack.filler.stop()
    const { intentOp, signed } = await routed(account, { destinationChainId: 8453, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    expect((await s.submit(signed)).status).toBe(201)
    const plan = planOf(signed)
    const need = plan.elements[0]!.locks[0]!.amount
    // The filler records the compact with the allocator, then crashes before the fill.
    await stepBeforeCrash(intentOp.nonce, 'allocate:0', plan.elements[0]!.allocate!.call)
    expect(await client.readContract({ address: defaultAllocator, abi: allocatorAbi, functionName: 'outstanding', args: [account.address, id] })).toBe(need)

    // Moving the whole lock, by transfer or by the allocator-authorised withdrawal, would unfund it: refused.
    const refused = /would leave a submitted intent's lock unfunded/
    await expect(client.call({ account, to: addresses.theCompact, data: transfer(usdc('99')) })).rejects.toThrow(refused)
    await expect(client.call({ account, to: addresses.theCompact, data: transfer(usdc('99') - need + 1n) })).rejects.toThrow(refused)
    await expect(client.call({ account, to: addresses.theCompact, data: withdrawal(usdc('99'), 1n) })).rejects.toThrow(refused)
    // What the intent does not need still moves.
    await lockCall(transfer(usdc('99') - need - usdc('2')))
    const usdcBefore = await s.chain.erc20Balance(10, 'USDC', account.address)
    await lockCall(withdrawal(usdc('2'), BigInt(keccak256(account.address)))) // a nonce no route will take
    expect(await s.chain.erc20Balance(10, 'USDC', account.address)).toBe(usdcBefore + usdc('2'))
    expect(await s.chain.lockedBalance(10, account.address, id)).toBe(need)

    const before = await s.snapshot(intentOp, account.address, account.address)
    await stack.filler.start()
    const final = await waitFor(intentOp.nonce, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state')
    expect(final.status).toBe('COMPLETED')
    const after = await s.snapshot(intentOp, account.address, account.address)
    for (const [key, delta] of expectedMoves(intentOp, account.address, account.address)) expect({ key, delta: after.get(key)! - before.get(key)! }).toEqual({ key, delta })
    expect(await s.chain.lockedBalance(10, account.address, id)).toBe(0n)
    expect(await client.readContract({ address: defaultAllocator, abi: allocatorAbi, functionName: 'outstanding', args: [account.address, id] })).toBe(0n)
  })

  it('the filler crashes after the first escrow, the sponsor revokes its approval on the second chain: FAILED, the escrow refunded after the delay', async () => {
    const account = await fundedAccount(s.chain, [
      { chainId: 8453, symbol: 'USDC', amount: usdc('120') },
      { chainId: 10, symbol: 'USDC', amount: usdc('120') },
    ])
    const before = await usdcHoldings([account.address, fillerAccount.address])
    await stack.filler.stop()
    const { intentOp, signed } = await routed(account, { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('200').toString() }] })
    expect(intentOp.elements).toHaveLength(2)
    expect(intentOp.elements.every((e) => e.mandate.qualifier.settlementContext.fundingMethod === 'PERMIT2')).toBe(true)
    expect((await s.submit(signed)).status).toBe(201)
    const plan = planOf(signed)
    const first = plan.elements[0]!
    const second = plan.elements[1]!
    const escrow = await stepBeforeCrash(intentOp.nonce, 'escrow:0', first.escrow!.call)
    // Mid-settlement, the sponsor pulls Permit2's allowance on the second chain.
    await s.chain.send(second.chainId, {
      account,
      to: s.chain.token(second.chainId, 'USDC').address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [addresses.permit2, 0n] }),
      chain: s.chain.client(second.chainId).chain,
    })
    await stack.filler.start()

    const failed = await waitFor(intentOp.nonce, (b) => b.status === 'FAILED', 'FAILED')
    expect(failed.failureReason).toMatch(/escrow of element 1/)
    expect(failed.fillTransactionHash).toBeUndefined()
    expect(failed.claims[0]).toMatchObject({ chainId: first.chainId, status: 'COMPLETED', claimTransactionHash: escrow.transactionHash })
    expect(failed.refunds).toEqual([{ chainId: first.chainId, status: 'PENDING', reason: expect.stringMatching(/escrow of element 1/) }])

    // The escrow is refundable after the fill deadline and the arbiter's delay; the filler sends it.
    const [, refundableAfter] = await s.chain
      .client(first.chainId)
      .readContract({ address: first.arbiter, abi: artifacts.arbiter.abi, functionName: 'escrowOf', args: [account.address, BigInt(intentOp.nonce)] })
    await warpTo(refundableAfter + 1n)
    const refunded = await waitFor(intentOp.nonce, (b) => b.refunds?.[0]?.status === 'COMPLETED', 'a completed refund')
    expect(refunded.refunds[0]).toMatchObject({ chainId: first.chainId, status: 'COMPLETED', transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), timestamp: expect.any(Number) })
    expect(refunded.status).toBe('FAILED')
    // Nobody lost anything: the account holds what it held, the filler too, on every chain.
    expect(await usdcHoldings([account.address, fillerAccount.address])).toEqual(before)
  })

  it('the attester is down after the escrow: no fill, FAILED at the deadline, refunded', async () => {
    const account = await fundedAccount(s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    const before = await usdcHoldings([account.address, fillerAccount.address])
    await stack.filler.stop()
    const { intentOp, signed } = await routed(account, { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    expect((await s.submit(signed)).status).toBe(201)
    const plan = planOf(signed)
    await stepBeforeCrash(intentOp.nonce, 'escrow:0', plan.elements[0]!.escrow!.call)
    await stack.attester.stop()
    try {
      await stack.filler.start()
      await waitFor(intentOp.nonce, (b) => b.status === 'CLAIMED', 'CLAIMED')
      await new Promise((r) => setTimeout(r, 1_500))
      expect((await status(intentOp.nonce)).status).toBe('CLAIMED') // waits: no fill without an attester
      expect(await s.chain.erc20Balance(42161, 'USDC', account.address)).toBe(before[`42161:${account.address}`])

      await warpTo(BigInt(intentOp.elements[0]!.mandate.fillDeadline) + 1n)
      const failed = await waitFor(intentOp.nonce, (b) => b.status === 'FAILED', 'FAILED')
      expect(failed.failureReason).toMatch(/^expired: .*the escrows are refunded/)
      expect(failed.expired).toBe(true)
      expect(failed.refunds).toMatchObject([{ chainId: 8453, status: 'PENDING' }])
      await warpTo(BigInt(intentOp.elements[0]!.mandate.fillDeadline) + 301n)
      const refunded = await waitFor(intentOp.nonce, (b) => b.refunds?.[0]?.status === 'COMPLETED', 'a completed refund')
      expect(refunded.refunds[0].transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(await usdcHoldings([account.address, fillerAccount.address])).toEqual(before)
    } finally {
      await stack.attester.start()
    }
  })

  it('the filler crashes after the fill: it resumes, is paid against the attestation, and everything moves exactly once', async () => {
    const account = await fundedAccount(s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    await stack.filler.stop()
    const { intentOp, signed } = await routed(account, { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    const snapshot = await s.snapshot(intentOp, account.address, account.address)
    expect((await s.submit(signed)).status).toBe(201)
    const plan = planOf(signed)
    const escrow = await stepBeforeCrash(intentOp.nonce, 'escrow:0', plan.elements[0]!.escrow!.call)
    const fill = await stepBeforeCrash(intentOp.nonce, 'fill', plan.fill.call)
    await stack.filler.start()
    const done = await waitFor(intentOp.nonce, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state')
    expect(done).toMatchObject({ status: 'COMPLETED', fillTransactionHash: fill.transactionHash, refunds: [] })
    expect(done.claims[0].claimTransactionHash).toBe(escrow.transactionHash)
    const after = await s.snapshot(intentOp, account.address, account.address)
    for (const [key, delta] of expectedMoves(intentOp, account.address, account.address)) expect({ key, delta: after.get(key)! - snapshot.get(key)! }).toEqual({ key, delta })
  })
  it('a re-org drops the escrow (anvil_rollback) before the filler saw it: the journaled bytes go out again and everything moves exactly once', async () => {
    const account = await fundedAccount(s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    await stack.filler.stop()
    const { intentOp, signed } = await routed(account, { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    const snapshot = await s.snapshot(intentOp, account.address, account.address)
    expect((await s.submit(signed)).status).toBe(201)
    const plan = planOf(signed)
    const client = s.chain.client(8453)
    const escrow = await stepBeforeCrash(intentOp.nonce, 'escrow:0', plan.elements[0]!.escrow!.call)
    const head = await client.getBlockNumber({ cacheTime: 0 })
    expect(escrow.blockNumber).toBe(head)
    await client.request({ method: 'anvil_rollback', params: [1] } as never)
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(head - 1n)
    expect(await client.getTransactionReceipt({ hash: escrow.transactionHash }).catch(() => undefined)).toBeUndefined()
    await stack.filler.start()
    const done = await waitFor(intentOp.nonce, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state')
    expect(done.status).toBe('COMPLETED')
    expect(done.claims[0].claimTransactionHash).toBe(escrow.transactionHash) // the same bytes, mined again
    expect((await client.getTransactionReceipt({ hash: escrow.transactionHash })).status).toBe('success')
    const after = await s.snapshot(intentOp, account.address, account.address)
    for (const [key, delta] of expectedMoves(intentOp, account.address, account.address)) expect({ key, delta: after.get(key)! - snapshot.get(key)! }).toEqual({ key, delta })
  })

  it('a re-org after COMPLETED drops the fill, then the release (anvil_rollback): the intent is reopened, the same bytes land again, the attester signs the fill where it landed, everything moves exactly once', async () => {
    const account = await fundedAccount(s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    const { intentOp, signed } = await routed(account, { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    const id = intentOp.nonce
    const snapshot = await s.snapshot(intentOp, account.address, account.address)
    expect((await s.submit(signed)).status).toBe(201)
    const done = await waitFor(id, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state')
    expect(done.status).toBe('COMPLETED')
    const reopened = (status: string) => () =>
      stack
        .logs()
        .split('\n')
        .some((l) => l.includes('"msg":"re-org dropped a settled step; intent reopened"') && l.includes(`"id":"${id}"`) && l.includes(`"status":"${status}"`))
    const rollBackTo = async (chainId: number, hash: Hex) => {
      const client = s.chain.client(chainId)
      const mined = await client.getTransactionReceipt({ hash })
      const head = await client.getBlockNumber({ cacheTime: 0 })
      await client.request({ method: 'anvil_rollback', params: [Number(head - mined.blockNumber) + 1] } as never)
      expect(await client.getTransactionReceipt({ hash }).catch(() => undefined)).toBeUndefined()
    }
    const until = async (what: string, ok: () => boolean | Promise<boolean>) => {
      const deadline = Date.now() + 25_000
      while (!(await ok())) {
        if (Date.now() > deadline) throw new Error(`never saw ${what}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    }

    // The fill on the destination is dropped: the intent goes back to CLAIMED, then COMPLETED again.
    await rollBackTo(42161, done.fillTransactionHash)
    await until('the intent reopened at CLAIMED', reopened('CLAIMED'))
    const refilled = await waitFor(id, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state again')
    expect(refilled).toMatchObject({ status: 'COMPLETED', fillTransactionHash: done.fillTransactionHash })
    const fill = await s.chain.client(42161).getTransactionReceipt({ hash: done.fillTransactionHash })
    expect(fill.status).toBe('success')
    expect(refilled.fillTimestamp).toBe(Number((await s.chain.client(42161).getBlock({ blockNumber: fill.blockNumber })).timestamp))
    // The attester withdrew its attestation of the dropped block and signed the fill where it is now.
    await until('the attestation of the fill where it landed', async () => (await findAttestation(sql, 42161, account.address, id))?.attestation.fillBlock === fill.blockNumber.toString())

    // The release on the origin is dropped: back to FILLED, the journaled release goes out again.
    const release = await findTransaction(sql, id, 'release:0')
    expect(release).toBeDefined()
    await rollBackTo(8453, release!.hash)
    await until('the intent reopened at FILLED', reopened('FILLED'))
    expect((await waitFor(id, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state again')).status).toBe('COMPLETED')
    expect((await s.chain.client(8453).getTransactionReceipt({ hash: release!.hash })).status).toBe('success')

    const after = await s.snapshot(intentOp, account.address, account.address)
    for (const [key, delta] of expectedMoves(intentOp, account.address, account.address)) expect({ key, delta: after.get(key)! - snapshot.get(key)! }).toEqual({ key, delta })
  })

  it('20 intents that cannot settle end FAILED once each, after at most 3 simulations, without warnings, and an ordinary intent beside them completes', async () => {
    const bad: Awaited<ReturnType<typeof routed>>[] = []
    for (let i = 0; i < 20; i++) {
      const account = await fundedAccount(s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('10') }])
      const route = await routed(account, { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('5').toString() }] })
      const { intentOp } = route
      // Half burn the nonce, half pull Permit2's allowance: the cheap tricks that used to stall the queue.
      const data =
        i % 2 === 0
          ? encodeFunctionData({ abi: permit2Abi, functionName: 'invalidateUnorderedNonces', args: [BigInt(intentOp.nonce) >> 8n, 1n << (BigInt(intentOp.nonce) & 255n)] })
          : encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [addresses.permit2, 0n] })
      await s.chain.send(8453, { account, to: i % 2 === 0 ? addresses.permit2 : s.chain.token(8453, 'USDC').address, data, chain: s.chain.client(8453).chain })
      bad.push(route)
    }
    const account = await fundedAccount(s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    const ordinary = await routed(account, { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    const logsBefore = stack.logs().length
    for (const b of bad) expect((await s.submit(b.signed)).status).toBe(201)
    expect((await s.submit(ordinary.signed)).status).toBe(201)
    const done = await waitFor(ordinary.intentOp.nonce, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state')
    expect(done.status).toBe('COMPLETED')
    const ids = bad.map((b) => b.intentOp.nonce)
    for (const id of ids) {
      const final = await waitFor(id, (b) => b.status === 'FAILED' || b.status === 'COMPLETED', 'a final state')
      expect(final.status).toBe('FAILED')
      expect(final.failureReason).toMatch(/already used|would revert/)
    }
    // Each bad intent was looked at and failed once: no retry loop, no flood of warnings.
    const logs = stack.logs().slice(logsBefore)
    const lines = logs.split('\n').filter((l) => ids.some((id) => l.includes(`"id":"${id}"`)))
    expect(lines.filter((l) => l.includes('"msg":"intent failed"'))).toHaveLength(20)
    expect(lines.filter((l) => l.includes('retrying'))).toEqual([])
    // A simulation revert is tried again a bounded number of times: at most 2 retries per intent,
    // none for a nonce already used (that is no revert, it is a fact).
    for (const [i, id] of ids.entries()) {
      const retries = lines.filter((l) => l.includes(`"id":"${id}"`) && l.includes('"msg":"simulation reverted; trying again later"'))
      expect(retries.length).toBe(i % 2 === 0 ? 0 : 2)
    }
  })

  // Last in the file: it moves chain 10's clock past the lock's reset period (7 days 1 h).
  it('a forced withdrawal started mid-settlement: the filler fills and claims first, the user withdraws only after the reset period and only what the route left', async () => {
    const account = await fundedAccount(s.chain, [{ chainId: 10, symbol: 'USDC', amount: usdc('100'), locked: true }])
    const id = lockId(defaultLockTag, s.chain.token(10, 'USDC').address)
    const client = s.chain.client(10)
    const lockCall = (data: Hex) => s.chain.send(10, { account, to: addresses.theCompact, data, chain: client.chain })
    const withdraw = (amount: bigint) => encodeFunctionData({ abi: lockContractAbi, functionName: 'forcedWithdrawal', args: [id, account.address, amount] })
    await stack.filler.stop()
    const { intentOp, signed } = await routed(account, { destinationChainId: 8453, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    expect((await s.submit(signed)).status).toBe(201)
    const plan = planOf(signed)
    const need = plan.elements[0]!.locks[0]!.amount
    const before = await s.snapshot(intentOp, account.address, account.address)
    const walletBefore = await s.chain.erc20Balance(10, 'USDC', account.address)
    await stepBeforeCrash(intentOp.nonce, 'allocate:0', plan.elements[0]!.allocate!.call)

    // Mid-settlement the user starts a forced withdrawal and tries to take the lock at once: too early.
    await lockCall(encodeFunctionData({ abi: lockContractAbi, functionName: 'enableForcedWithdrawal', args: [id] }))
    const [status, withdrawableAt] = await client.readContract({ address: addresses.theCompact, abi: lockContractAbi, functionName: 'getForcedWithdrawalStatus', args: [account.address, id] })
    expect(status).toBe(forcedWithdrawalStatus.pending)
    expect(withdrawableAt).toBeGreaterThan(BigInt(intentOp.expires)) // the claim window closes first
    await expect(client.call({ account, to: addresses.theCompact, data: withdraw(usdc('100')) })).rejects.toThrow(/forced withdrawal not available/)

    // The filler comes back: fill first, then the claim, well inside the reset period.
    await stack.filler.start()
    const final = await waitFor(intentOp.nonce, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state')
    expect(final.status).toBe('COMPLETED')
    const after = await s.snapshot(intentOp, account.address, account.address)
    // From raw reads: the filler gained exactly the lock it claimed and paid exactly tokenOut; the
    // user received exactly tokenOut and paid exactly the committed lock.
    for (const [key, delta] of expectedMoves(intentOp, account.address, account.address)) expect({ key, delta: after.get(key)! - before.get(key)! }).toEqual({ key, delta })

    // After the reset period the user withdraws what the route left, and no more.
    await client.setNextBlockTimestamp({ timestamp: withdrawableAt })
    await client.mine({ blocks: 1 })
    await expect(client.call({ account, to: addresses.theCompact, data: withdraw(usdc('100') - need + 1n) })).rejects.toThrow(/insufficient balance/)
    await lockCall(withdraw(usdc('100') - need))
    expect(await s.chain.erc20Balance(10, 'USDC', account.address)).toBe(walletBefore + usdc('100') - need)
    expect(await s.chain.lockedBalance(10, account.address, id)).toBe(0n)
  })
})
