// Settlement that cannot lose money, the sponsor against the filler: nonces burned before submit,
// locks moved and a forced withdrawal started mid-settlement, and 20 intents that cannot settle
// beside an ordinary one. After each, raw chain reads show that the filler never lost tokens net
// of what it was paid, and that the account either got exactly tokenOut or lost nothing, with the
// intent in a final state. (Crashes, outages and re-orgs: settlement.faults.test.ts.)
import { encodeFunctionData, type Hex, keccak256, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { allocatorAbi } from '../../lib/core/abi/allocator'
import { forcedWithdrawalStatus, lockContractAbi } from '../../lib/core/abi/theCompact'
import { addresses } from '../../lib/core/addresses'
import { defaultAllocator, defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockId } from '../../lib/core/locks/lockId'
import { fillerAccount } from '../../lib/devnet/demoAccount'
import { adversarialStack, burnCompactNonce, burnPermit2Nonce, planOf, revokePermit2, routed, stepBeforeCrash, usdcHoldings, waitFor } from '../support/adversary'
import { expectedMoves, fundedAccount } from '../support/settlement'

const suite = adversarialStack('adversarial settlement suite')
const usdc = (v: string) => parseUnits(v, 6)

describe('adversarial settlement', () => {
  it('a Permit2 nonce burned before submit (invalidateUnorderedNonces): FAILED, nothing sent, nobody loses', async () => {
    const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    const { intentOp, signed } = await routed(account, { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    const nonce = BigInt(intentOp.nonce)
    await burnPermit2Nonce(account, 8453, nonce)
    const before = await usdcHoldings([account.address, fillerAccount.address])
    expect((await suite.s.submit(signed)).status).toBe(201)
    const final = await waitFor(intentOp.nonce, (b) => b.status === 'FAILED', 'FAILED')
    expect(final.failureReason).toMatch(/nonce .* already used on chain 8453.*nothing was sent/)
    expect(final.refunds).toEqual([])
    expect(final.fillTransactionHash).toBeUndefined()
    expect(await usdcHoldings([account.address, fillerAccount.address])).toEqual(before)
  })

  it('a compact nonce burned by a compact the sponsor claims for itself: FAILED, nothing sent, the lock untouched', async () => {
    const account = await fundedAccount(suite.s.chain, [{ chainId: 10, symbol: 'USDC', amount: usdc('100'), locked: true }])
    const { intentOp, signed } = await routed(account, { destinationChainId: 8453, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    const nonce = BigInt(intentOp.nonce)
    // The sponsor signs a compact with itself as arbiter over 1 unit of its lock, and claims it back
    // to itself through The Compact's batch multichain claim: the nonce is used, nobody is paid.
    await burnCompactNonce(account, 10, nonce, BigInt(intentOp.expires))
    const id = lockId(defaultLockTag, suite.s.chain.token(10, 'USDC').address)
    const locked = await suite.s.chain.lockedBalance(10, account.address, id)
    const before = await usdcHoldings([account.address, fillerAccount.address])
    expect((await suite.s.submit(signed)).status).toBe(201)
    const final = await waitFor(intentOp.nonce, (b) => b.status === 'FAILED', 'FAILED')
    expect(final.failureReason).toMatch(/nonce .* already used on chain 10.*nothing was sent/)
    expect(final.fillTransactionHash).toBeUndefined()
    expect(await usdcHoldings([account.address, fillerAccount.address])).toEqual(before)
    expect(await suite.s.chain.lockedBalance(10, account.address, id)).toBe(locked)
  })

  it('lock moves while an intent is allocated: those that keep it funded pass, one that would unfund it is refused; the route settles as signed', async () => {
    const account = await fundedAccount(suite.s.chain, [{ chainId: 10, symbol: 'USDC', amount: usdc('100'), locked: true }])
    const id = lockId(defaultLockTag, suite.s.chain.token(10, 'USDC').address)
    const client = suite.s.chain.client(10)
    const lockCall = (data: Hex) => suite.s.chain.send(10, { account, to: addresses.theCompact, data, chain: client.chain })
    const transfer = (amount: bigint) => encodeFunctionData({ abi: lockContractAbi, functionName: 'transfer', args: [suite.s.chain.freshAccount().address, id, amount] })
    const withdrawal = (amount: bigint, nonce: bigint) =>
      encodeFunctionData({
        abi: lockContractAbi,
        functionName: 'allocatedTransfer',
        args: [{ allocatorData: '0x', nonce, expires: 2n ** 48n, id, recipients: [{ claimant: BigInt(account.address), amount }] }],
      })
    // Nothing allocated yet: the allocator attests a transfer.
    await lockCall(transfer(usdc('1')))
    expect(await suite.s.chain.lockedBalance(10, account.address, id)).toBe(usdc('99'))

    await suite.stack.filler.stop()
    const { intentOp, signed } = await routed(account, { destinationChainId: 8453, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    expect((await suite.s.submit(signed)).status).toBe(201)
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
    const usdcBefore = await suite.s.chain.erc20Balance(10, 'USDC', account.address)
    await lockCall(withdrawal(usdc('2'), BigInt(keccak256(account.address)))) // a nonce no route will take
    expect(await suite.s.chain.erc20Balance(10, 'USDC', account.address)).toBe(usdcBefore + usdc('2'))
    expect(await suite.s.chain.lockedBalance(10, account.address, id)).toBe(need)

    const before = await suite.s.snapshot(intentOp, account.address, account.address)
    await suite.stack.filler.start()
    const final = await waitFor(intentOp.nonce, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state')
    expect(final.status).toBe('COMPLETED')
    const after = await suite.s.snapshot(intentOp, account.address, account.address)
    for (const [key, delta] of expectedMoves(intentOp, account.address, account.address)) expect({ key, delta: after.get(key)! - before.get(key)! }).toEqual({ key, delta })
    expect(await suite.s.chain.lockedBalance(10, account.address, id)).toBe(0n)
    expect(await client.readContract({ address: defaultAllocator, abi: allocatorAbi, functionName: 'outstanding', args: [account.address, id] })).toBe(0n)
  })

  it('20 intents that cannot settle end FAILED once each, after at most 3 simulations, without warnings, and an ordinary intent beside them completes', async () => {
    const bad: Awaited<ReturnType<typeof routed>>[] = []
    for (let i = 0; i < 20; i++) {
      const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('10') }])
      const route = await routed(account, { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('5').toString() }] })
      const { intentOp } = route
      // Half burn the nonce, half pull Permit2's allowance: the cheap tricks that used to stall the queue.
      if (i % 2 === 0) await burnPermit2Nonce(account, 8453, BigInt(intentOp.nonce))
      else await revokePermit2(account, 8453, suite.s.chain.token(8453, 'USDC').address)
      bad.push(route)
    }
    const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
    const ordinary = await routed(account, { destinationChainId: 42161, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    const logsBefore = suite.stack.logs().length
    for (const b of bad) expect((await suite.s.submit(b.signed)).status).toBe(201)
    expect((await suite.s.submit(ordinary.signed)).status).toBe(201)
    const done = await waitFor(ordinary.intentOp.nonce, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state')
    expect(done.status).toBe('COMPLETED')
    const ids = bad.map((b) => b.intentOp.nonce)
    for (const id of ids) {
      const final = await waitFor(id, (b) => b.status === 'FAILED' || b.status === 'COMPLETED', 'a final state')
      expect(final.status).toBe('FAILED')
      expect(final.failureReason).toMatch(/already used|would revert/)
    }
    // Each bad intent was looked at and failed once: no retry loop, no flood of warnings.
    const logs = suite.stack.logs().slice(logsBefore)
    const lines = logs.split('\n').filter((l) => ids.some((id) => l.includes(`"id":"${id}"`)))
    expect(lines.filter((l) => l.includes('"msg":"intent failed"'))).toHaveLength(20)
    expect(lines.filter((l) => l.includes('retrying'))).toEqual([])
    // A simulation revert is tried again a bounded number of times: at most 2 retries per intent,
    // none for a nonce already used (that is no revert, it is a fact).
    for (const [i, id] of ids.entries()) {
      const retries = lines.filter((l) => l.includes(`"id":"${id}"`) && l.includes('"msg":"simulation reverted; trying again later"'))
      expect(retries.length).toBe(i % 2 === 0 ? 0 : 2)
    }
    // Real work before the settlement it checks: 21 accounts funded, 21 routes signed, 20 nonces
    // burned or allowances pulled (about 2 s alone, past 30 s on a loaded 2-core machine). How long
    // the ordinary intent takes is measured by the settle bench, not here.
  }, 120_000)

  // Last in the file: it moves chain 10's clock past the lock's reset period (7 days 1 h).

  it('a forced withdrawal started mid-settlement: the filler fills and claims first, the user withdraws only after the reset period and only what the route left', async () => {
    const account = await fundedAccount(suite.s.chain, [{ chainId: 10, symbol: 'USDC', amount: usdc('100'), locked: true }])
    const id = lockId(defaultLockTag, suite.s.chain.token(10, 'USDC').address)
    const client = suite.s.chain.client(10)
    const lockCall = (data: Hex) => suite.s.chain.send(10, { account, to: addresses.theCompact, data, chain: client.chain })
    const withdraw = (amount: bigint) => encodeFunctionData({ abi: lockContractAbi, functionName: 'forcedWithdrawal', args: [id, account.address, amount] })
    await suite.stack.filler.stop()
    const { intentOp, signed } = await routed(account, { destinationChainId: 8453, tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }] })
    expect((await suite.s.submit(signed)).status).toBe(201)
    const plan = planOf(signed)
    const need = plan.elements[0]!.locks[0]!.amount
    const before = await suite.s.snapshot(intentOp, account.address, account.address)
    const walletBefore = await suite.s.chain.erc20Balance(10, 'USDC', account.address)
    await stepBeforeCrash(intentOp.nonce, 'allocate:0', plan.elements[0]!.allocate!.call)

    // Mid-settlement the user starts a forced withdrawal and tries to take the lock at once: too early.
    await lockCall(encodeFunctionData({ abi: lockContractAbi, functionName: 'enableForcedWithdrawal', args: [id] }))
    const [status, withdrawableAt] = await client.readContract({ address: addresses.theCompact, abi: lockContractAbi, functionName: 'getForcedWithdrawalStatus', args: [account.address, id] })
    expect(status).toBe(forcedWithdrawalStatus.pending)
    expect(withdrawableAt).toBeGreaterThan(BigInt(intentOp.expires)) // the claim window closes first
    await expect(client.call({ account, to: addresses.theCompact, data: withdraw(usdc('100')) })).rejects.toThrow(/forced withdrawal not available/)

    // The filler comes back: fill first, then the claim, well inside the reset period.
    await suite.stack.filler.start()
    const final = await waitFor(intentOp.nonce, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state')
    expect(final.status).toBe('COMPLETED')
    const after = await suite.s.snapshot(intentOp, account.address, account.address)
    // From raw reads: the filler gained exactly the lock it claimed and paid exactly tokenOut; the
    // user received exactly tokenOut and paid exactly the committed lock.
    for (const [key, delta] of expectedMoves(intentOp, account.address, account.address)) expect({ key, delta: after.get(key)! - before.get(key)! }).toEqual({ key, delta })

    // After the reset period the user withdraws what the route left, and no more.
    await client.setNextBlockTimestamp({ timestamp: withdrawableAt })
    await client.mine({ blocks: 1 })
    await expect(client.call({ account, to: addresses.theCompact, data: withdraw(usdc('100') - need + 1n) })).rejects.toThrow(/insufficient balance/)
    await lockCall(withdraw(usdc('100') - need))
    expect(await suite.s.chain.erc20Balance(10, 'USDC', account.address)).toBe(walletBefore + usdc('100') - need)
    expect(await suite.s.chain.lockedBalance(10, account.address, id)).toBe(0n)
  })
})
