// Settlement that cannot lose money, the sponsor against the filler: nonces burned before submit,
// locks moved and a forced withdrawal started mid-settlement, 20 intents that cannot settle beside
// an ordinary one, accounts (EIP-7702, Safe) that uninstall their validator once their compact is
// allocated, a stranger taking a sponsor's nonce, and 30 routes from one lock at once. After each,
// raw chain reads show that the filler never lost tokens net of what it was paid, and that the
// account either got exactly tokenOut or lost nothing, with the intent in a final state. (Crashes,
// outages and re-orgs: settlement.faults.test.ts.)
// The cases run against one filler process (settlement.adversarial.test.ts) and against two, each
// with its own key, sharing the work (settlement.adversarial.twoFillers.test.ts); the filler balances
// counted are every filler key's together.
import { type Address, encodeFunctionData, type Hex, pad, parseEther, parseUnits, type TransactionReceipt } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { base, optimism } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { allocatorAbi } from '../../lib/core/abi/allocator'
import { forcedWithdrawalStatus, lockContractAbi } from '../../lib/core/abi/theCompact'
import { nexus } from '../../lib/core/accounts/smartAccounts'
import { addresses } from '../../lib/core/addresses'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { defaultAllocator, defaultLockTag } from '../../lib/core/locks/defaultLockTag'
import { lockId } from '../../lib/core/locks/lockId'
import { nonceSponsor, sponsorNonce } from '../../lib/core/locks/sponsorNonce'
import { destinationGasLimit } from '../../lib/core/settlement/destinationGas'
import * as artifacts from '../../lib/devnet/contracts/artifacts'
import { fillerAccounts, operatorAddress } from '../../lib/devnet/demoAccount'
import { setupSteps } from '../../lib/filler/accountSteps'
import { findIntent, unpaidGasOf } from '../../lib/storage/intentStore'
import {
  adversarialStack,
  burnCompactNonce,
  burnPermit2Nonce,
  compactNonceBurn,
  planOf,
  revokePermit2,
  routed,
  safeExec,
  squatAllocation,
  stepBeforeCrash,
  usdcHoldings,
  waitFor,
} from '../support/adversary'
import { burnCall, deployGasBurner, GAS_PER_TURN, raiseBurn } from '../support/gasBurner'
import { sdkClient } from '../support/sdkClient'
import { expectedMoves, fundedAccount, settlement } from '../support/settlement'

const fillerAddresses = fillerAccounts.map((a) => a.address)

/** Registers the suite, against a stack of its own with `fillers` filler processes. */
export function adversarialCases(fillers: 1 | 2): void {
  const suite = adversarialStack(`adversarial settlement suite ${fillers} fillers`, { fillers })
  const usdc = (v: string) => parseUnits(v, 6)
  const sdk = () =>
    sdkClient({ baseUrl: suite.stack.baseUrl, apiKey: suite.stack.apiKey, rpcUrls: suite.stack.devnet.rpcUrls })
  /** Status reads with the key the SDK submitted with. */
  const viaStackKey = () =>
    settlement({ baseUrl: suite.stack.baseUrl, apiKey: suite.stack.apiKey, rpcUrls: suite.stack.devnet.rpcUrls })
  const uninstallValidator = encodeFunctionData({
    abi: artifacts.ownableValidator.abi,
    functionName: 'onUninstall',
    args: ['0x'],
  })
  const validatorKnows = (chainId: number, account: Address) =>
    suite.s.chain.client(chainId).readContract({
      address: nexus.ownableValidator,
      abi: artifacts.ownableValidator.abi,
      functionName: 'isInitialized',
      args: [account],
    })

  describe(`adversarial settlement (${fillers} filler process${fillers === 1 ? '' : 'es'})`, () => {
    it(
      'a Permit2 nonce burned before submit ' + '(invalidateUnorderedNonces): FAILED, nothing sent, nobody loses',
      async () => {
        const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
        const { intentOp, signed } = await routed(account, {
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        })
        const nonce = BigInt(intentOp.nonce)
        await burnPermit2Nonce(account, 8453, nonce)
        const before = await usdcHoldings([account.address, ...fillerAddresses])
        expect((await suite.s.submit(signed)).status).toBe(201)
        const final = await waitFor(intentOp.nonce, (b) => b.status === 'FAILED', 'FAILED')
        expect(final.failureReason).toMatch(/nonce .* already used on chain 8453.*nothing was sent/)
        expect(final.refunds).toEqual([])
        expect(final.fillTransactionHash).toBeUndefined()
        expect(await usdcHoldings([account.address, ...fillerAddresses])).toEqual(before)
      },
    )

    it(
      'a compact nonce burned by a compact the sponsor claims ' +
        'for itself: FAILED, nothing sent, the lock untouched',
      async () => {
        const account = await fundedAccount(suite.s.chain, [
          { chainId: 10, symbol: 'USDC', amount: usdc('100'), locked: true },
        ])
        const { intentOp, signed } = await routed(account, {
          destinationChainId: 8453,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        })
        const nonce = BigInt(intentOp.nonce)
        // The sponsor signs a compact with itself as arbiter over 1 unit of its lock, and claims it back
        // to itself through The Compact's batch multichain claim: the nonce is used, nobody is paid.
        await burnCompactNonce(account, 10, nonce, BigInt(intentOp.expires))
        const id = lockId(defaultLockTag, suite.s.chain.token(10, 'USDC').address)
        const locked = await suite.s.chain.lockedBalance(10, account.address, id)
        const before = await usdcHoldings([account.address, ...fillerAddresses])
        expect((await suite.s.submit(signed)).status).toBe(201)
        const final = await waitFor(intentOp.nonce, (b) => b.status === 'FAILED', 'FAILED')
        expect(final.failureReason).toMatch(/nonce .* already used on chain 10.*nothing was sent/)
        expect(final.fillTransactionHash).toBeUndefined()
        expect(await usdcHoldings([account.address, ...fillerAddresses])).toEqual(before)
        expect(await suite.s.chain.lockedBalance(10, account.address, id)).toBe(locked)
      },
    )

    it(
      'lock moves while an intent is allocated: those that keep it funded ' +
        'pass, one that would unfund it is refused; the route settles as signed',
      async () => {
        const account = await fundedAccount(suite.s.chain, [
          { chainId: 10, symbol: 'USDC', amount: usdc('100'), locked: true },
        ])
        const id = lockId(defaultLockTag, suite.s.chain.token(10, 'USDC').address)
        const client = suite.s.chain.client(10)
        const lockCall = (data: Hex) =>
          suite.s.chain.send(10, { account, to: addresses.theCompact, data, chain: client.chain })
        const transfer = (amount: bigint) =>
          encodeFunctionData({
            abi: lockContractAbi,
            functionName: 'transfer',
            args: [suite.s.chain.freshAccount().address, id, amount],
          })
        const withdrawal = (amount: bigint, nonce: bigint) =>
          encodeFunctionData({
            abi: lockContractAbi,
            functionName: 'allocatedTransfer',
            args: [
              {
                allocatorData: '0x',
                nonce,
                expires: 2n ** 48n,
                id,
                recipients: [{ claimant: BigInt(account.address), amount }],
              },
            ],
          })
        // Nothing allocated yet: the allocator attests a transfer.
        await lockCall(transfer(usdc('1')))
        expect(await suite.s.chain.lockedBalance(10, account.address, id)).toBe(usdc('99'))

        await suite.stack.filler.stop()
        const { intentOp, signed } = await routed(account, {
          destinationChainId: 8453,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        })
        expect((await suite.s.submit(signed)).status).toBe(201)
        const plan = planOf(signed)
        const need = plan.elements[0]!.locks[0]!.amount
        // The filler records the compact with the allocator, then crashes before the fill.
        await stepBeforeCrash(intentOp.nonce, 'allocate:0', plan.elements[0]!.allocate!.call)
        expect(
          await client.readContract({
            address: defaultAllocator,
            abi: allocatorAbi,
            functionName: 'outstanding',
            args: [account.address, id],
          }),
        ).toBe(need)

        // Moving the whole lock, by transfer or by the allocator-authorised withdrawal, would unfund it: refused.
        const refused = /would leave a submitted intent's lock unfunded/
        await expect(client.call({ account, to: addresses.theCompact, data: transfer(usdc('99')) })).rejects.toThrow(
          refused,
        )
        await expect(
          client.call({ account, to: addresses.theCompact, data: transfer(usdc('99') - need + 1n) }),
        ).rejects.toThrow(refused)
        await expect(
          client.call({
            account,
            to: addresses.theCompact,
            data: withdrawal(usdc('99'), sponsorNonce(1n, account.address)),
          }),
        ).rejects.toThrow(refused)
        // What the intent does not need still moves.
        await lockCall(transfer(usdc('99') - need - usdc('2')))
        const usdcBefore = await suite.s.chain.erc20Balance(10, 'USDC', account.address)
        await lockCall(withdrawal(usdc('2'), sponsorNonce(2n, account.address))) // a nonce no route will take
        expect(await suite.s.chain.erc20Balance(10, 'USDC', account.address)).toBe(usdcBefore + usdc('2'))
        expect(await suite.s.chain.lockedBalance(10, account.address, id)).toBe(need)

        const before = await suite.s.snapshot(intentOp, account.address, account.address)
        await suite.stack.filler.start()
        const final = await waitFor(
          intentOp.nonce,
          (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
          'a final state',
        )
        expect(final.status).toBe('COMPLETED')
        const after = await suite.s.snapshot(intentOp, account.address, account.address)
        for (const [key, delta] of expectedMoves(intentOp, account.address, account.address))
          expect({ key, delta: after.get(key)! - before.get(key)! }).toEqual({ key, delta })
        expect(await suite.s.chain.lockedBalance(10, account.address, id)).toBe(0n)
        expect(
          await client.readContract({
            address: defaultAllocator,
            abi: allocatorAbi,
            functionName: 'outstanding',
            args: [account.address, id],
          }),
        ).toBe(0n)
      },
    )

    it('20 intents that cannot settle end FAILED once each, after at most 3 ' +
      'simulations, without warnings, and an ordinary intent beside them completes', async () => {
      const bad: Awaited<ReturnType<typeof routed>>[] = []
      for (let i = 0; i < 20; i++) {
        const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('10') }])
        const route = await routed(account, {
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('5').toString() }],
        })
        const { intentOp } = route
        // Half burn the nonce, half pull Permit2's allowance: the cheap tricks that used to stall the queue.
        if (i % 2 === 0) await burnPermit2Nonce(account, 8453, BigInt(intentOp.nonce))
        else await revokePermit2(account, 8453, suite.s.chain.token(8453, 'USDC').address)
        bad.push(route)
      }
      const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
      const ordinary = await routed(account, {
        destinationChainId: 42161,
        tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
      })
      const logsBefore = suite.stack.logs().length
      for (const b of bad) expect((await suite.s.submit(b.signed)).status).toBe(201)
      expect((await suite.s.submit(ordinary.signed)).status).toBe(201)
      const done = await waitFor(
        ordinary.intentOp.nonce,
        (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
        'a final state',
      )
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
        const retries = lines.filter(
          (l) => l.includes(`"id":"${id}"`) && l.includes('"msg":"simulation reverted; trying again later"'),
        )
        expect(retries.length).toBe(i % 2 === 0 ? 0 : 2)
      }
      // Real work before the settlement it checks: 21 accounts funded, 21 routes signed, 20 nonces
      // burned or allowances pulled (about 2 s alone, past 30 s on a loaded 2-core machine). How long
      // the ordinary intent takes is measured by the settle bench, not here.
    }, 120_000)

    // ---- Accounts that change their mind once their compact is allocated ---------------------------

    /** The filler stops; the route is submitted; the filler's setup and allocation are sent as if it
     * crashed right after them; then the account withdraws what its signature rested on. */
    async function allocatedThenStopped(
      signed: WireIntentOp & { originSignatures: Hex[] },
      id: string,
      authorizations: readonly never[] = [],
    ) {
      for (const step of setupSteps(signed, authorizations).filter((x) => x.call.chainId === 10)) {
        const { data } = await suite.s.chain.client(10).call({ to: step.done.to, data: step.done.data })
        if (!step.done.decode(data ?? '0x')) await stepBeforeCrash(id, step.step, step.call)
      }
      const plan = planOf(signed)
      await stepBeforeCrash(id, 'allocate:0', plan.elements[0]!.allocate!.call)
      const [, claimHash] = await suite.s.chain.client(10).readContract({
        address: defaultAllocator,
        abi: allocatorAbi,
        functionName: 'allocations',
        args: [signed.sponsor, BigInt(id)],
      })
      expect(claimHash).not.toBe(pad('0x00', { size: 32 }))
    }

    /** After the account's move the filler comes back: the intent must complete with exact amounts,
     * the claim mined after the move, and the filler paid what it fronted plus its fee. */
    async function completesAfter(move: TransactionReceipt, id: string, intentOp: WireIntentOp, account: Address) {
      const before = await suite.s.snapshot(intentOp, account, account)
      await suite.stack.filler.start()
      const final = await waitFor(
        id,
        (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
        'a final state',
        viaStackKey(),
      )
      expect(final.status).toBe('COMPLETED')
      const after = await suite.s.snapshot(intentOp, account, account)
      for (const [key, delta] of expectedMoves(intentOp, account, account))
        expect({ key, delta: after.get(key)! - before.get(key)! }).toEqual({ key, delta })
      const claim = await suite.s.chain
        .client(10)
        .getTransactionReceipt({ hash: final.claims[0].claimTransactionHash ?? final.claims[0].txHash })
      expect(claim.blockNumber).toBeGreaterThan(move.blockNumber)
    }

    it('an EIP-7702 account uninstalls its validator once its compact is ' +
      'allocated: the filler is still paid, the user gets exactly tokenOut', async () => {
      const { eoa, intentOp, submit } = await sdk7702Route([])
      await suite.stack.filler.stop()
      const result = await submit()
      const id = String(result.id)
      const stored = (await findIntent(suite.sql, BigInt(id)))!
      await allocatedThenStopped(
        stored.signedIntentOp as never,
        id,
        (stored.signedIntentOp as { signedAuthorizations?: never[] }).signedAuthorizations ?? [],
      )

      // The account itself forgets its validator's owners: its ERC-1271 answer to the compact's
      // signature is gone on the chain the claim is made on.
      const move = await suite.s.chain.send(10, {
        account: eoa,
        to: nexus.ownableValidator,
        data: uninstallValidator,
        chain: suite.s.chain.client(10).chain,
      })
      expect(await validatorKnows(10, eoa.address)).toBe(false)
      await completesAfter(move, id, intentOp, eoa.address)
    }, 120_000)

    it('a Safe uninstalls its validator through execTransaction ' +
      'once its compact is allocated: the filler is still paid', async () => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const account = await sdk().createAccount({
        account: { type: 'safe' },
        owners: { type: 'ecdsa', accounts: [owner] },
      })
      const address = account.getAddress()
      const init = account.getInitData() as { factory: Address; factoryData: Hex }
      for (const chainId of [10, 8453])
        await suite.s.chain.send(chainId, {
          account: operatorAddress,
          to: init.factory,
          data: init.factoryData,
          chain: suite.s.chain.client(chainId).chain,
        })
      await suite.s.chain.setEth(10, owner.address, parseEther('0.05'))
      await suite.s.chain.lockUsdcFor(10, address, usdc('100'))
      const prepared = await account.prepareTransaction({
        sourceChains: [optimism],
        targetChain: base,
        calls: [],
        tokenRequests: [{ address: suite.s.chain.token(8453, 'USDC').address, amount: usdc('50') }],
      })
      const intentOp = prepared.intentRoute.intentOp as unknown as WireIntentOp
      await suite.stack.filler.stop()
      const result = await account.submitTransaction(await account.signTransaction(prepared))
      const id = String(result.id)
      await allocatedThenStopped((await findIntent(suite.sql, BigInt(id)))!.signedIntentOp as never, id)

      const move = await safeExec(10, address, owner, nexus.ownableValidator, uninstallValidator)
      expect(await validatorKnows(10, address)).toBe(false)
      await completesAfter(move, id, intentOp, address)
    }, 120_000)

    it(
      "nobody can take another sponsor's nonce: allocating, claiming or " +
        "transferring under it is refused, and the sponsor's intent settles",
      async () => {
        const victim = await fundedAccount(suite.s.chain, [
          { chainId: 10, symbol: 'USDC', amount: usdc('100'), locked: true },
        ])
        const attacker = suite.s.chain.freshAccount() // holds nothing
        await suite.stack.filler.stop()
        const { intentOp, signed } = await routed(victim, {
          destinationChainId: 8453,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        })
        const nonce = BigInt(intentOp.nonce)
        expect(nonceSponsor(nonce)).toBe(victim.address)
        const client = suite.s.chain.client(10)
        const id = lockId(defaultLockTag, suite.s.chain.token(10, 'USDC').address)
        // The attacker's own empty compact under the victim's nonce, allocated, claimed to itself, or
        // an allocated transfer of its own lock under it: each refused before anything is consumed.
        const burn = await compactNonceBurn(attacker, 10, nonce, BigInt(intentOp.expires), 0n)
        await expect(client.call({ account: attacker, to: addresses.theCompact, data: burn })).rejects.toThrow(
          /not in the sponsor's scope/,
        )
        const transfer = encodeFunctionData({
          abi: lockContractAbi,
          functionName: 'allocatedTransfer',
          args: [{ allocatorData: '0x', nonce, expires: 2n ** 48n, id, recipients: [] }],
        })
        await expect(client.call({ account: attacker, to: addresses.theCompact, data: transfer })).rejects.toThrow(
          /not in the sponsor's scope/,
        )
        const squat = await squatAllocation(attacker, 10, nonce, BigInt(intentOp.expires))
        await expect(client.call({ account: attacker, to: defaultAllocator, data: squat })).rejects.toThrow(
          /not in the sponsor's scope/,
        )
        expect(
          await client.readContract({
            address: addresses.theCompact,
            abi: lockContractAbi,
            functionName: 'hasConsumedAllocatorNonce',
            args: [nonce, defaultAllocator],
          }),
        ).toBe(false)

        await suite.stack.filler.start()
        expect((await suite.s.submit(signed)).status).toBe(201)
        const final = await waitFor(
          intentOp.nonce,
          (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
          'a final state',
        )
        expect(final.status).toBe('COMPLETED')
      },
    )

    it('30 routes from one lock submitted at once all complete, ' +
      'and the allocator lists none of them afterwards', async () => {
      const account = await fundedAccount(suite.s.chain, [
        { chainId: 10, symbol: 'USDC', amount: usdc('100'), locked: true },
      ])
      const routes: Awaited<ReturnType<typeof routed>>[] = []
      for (let i = 0; i < 30; i++) {
        routes.push(
          await routed(account, {
            destinationChainId: 8453,
            tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('1').toString() }],
          }),
        )
      }
      const before = await suite.s.chain.lockedBalance(
        10,
        account.address,
        lockId(defaultLockTag, suite.s.chain.token(10, 'USDC').address),
      )
      const answers = await Promise.all(routes.map((r) => suite.s.submit(r.signed)))
      expect(answers.map((a) => a.status)).toEqual(routes.map(() => 201))
      const finals = []
      for (const r of routes)
        finals.push(
          await waitFor(r.intentOp.nonce, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state'),
        )
      expect(finals.map((f) => [f.status, f.failureReason])).toEqual(routes.map(() => ['COMPLETED', undefined]))
      const id = lockId(defaultLockTag, suite.s.chain.token(10, 'USDC').address)
      const spent = routes.reduce((sum, r) => sum + BigInt(r.intentOp.elements[0]!.idsAndAmounts[0]![1]), 0n)
      expect(await suite.s.chain.lockedBalance(10, account.address, id)).toBe(before - spent)
      const listed = await suite.s.chain.client(10).readContract({
        address: defaultAllocator,
        abi: allocatorAbi,
        functionName: 'listed',
        args: [account.address, id],
      })
      expect(listed).toBe(0n)
    }, 180_000)

    // ---- Destination calls that burn gas -------------------------------------------------------

    /** An EIP-7702 account made by the SDK, its USDC on chain 10 locked, and a prepared route to
     * 40 USDC on Base with `calls` there: signed, with its authorizations. */
    async function sdk7702Route(calls: { to: Address; data: Hex }[]) {
      const eoa = privateKeyToAccount(generatePrivateKey())
      await suite.s.chain.setEth(10, eoa.address, parseEther('0.05'))
      await suite.s.chain.mint(10, 'USDC', eoa.address, usdc('100'))
      await suite.s.chain.lockErc20(10, eoa, 'USDC', usdc('100'), defaultLockTag)
      const account = await sdk().createAccount({ owners: { type: 'ecdsa', accounts: [eoa] }, eoa })
      const prepared = await account.prepareTransaction({
        sourceChains: [optimism],
        targetChain: base,
        calls,
        tokenRequests: [{ address: suite.s.chain.token(8453, 'USDC').address, amount: usdc('40') }],
        eip7702InitSignature: await account.signEip7702InitData(),
      })
      const intentOp = prepared.intentRoute.intentOp as unknown as WireIntentOp
      const submit = async () =>
        account.submitTransaction(await account.signTransaction(prepared), await account.signAuthorizations(prepared))
      return { eoa, account, intentOp, submit }
    }

    it('a heavy destination call is charged its simulated gas and run ' +
      'with exactly that limit: COMPLETED, the filler paid for it', async () => {
      const burner = await deployGasBurner(suite.s.chain, 8453)
      const { intentOp, submit } = await sdk7702Route([burnCall(burner, 20_000n)])
      const minGas = BigInt(intentOp.elements.at(-1)!.mandate.minGas)
      expect(minGas).toBeGreaterThan(20_000n * GAS_PER_TURN)
      const id = String((await submit()).id)
      const final = await waitFor(
        id,
        (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
        'a final state',
        viaStackKey(),
      )
      expect({ status: final.status, reason: final.failureReason }).toEqual({ status: 'COMPLETED', reason: undefined })
      const calls = final.accountOperations.find((o: { kind: string }) => o.kind === 'destinationCalls')
      const sent = await suite.s.chain.client(8453).getTransaction({ hash: calls.transactionHash })
      expect(sent.gas).toBe(destinationGasLimit(minGas))
    }, 60_000)

    it('a destination call made heavy after the quote: FAILED before ' +
      "anything is taken; the account's setup gas counts against its sponsor", async () => {
      const burner = await deployGasBurner(suite.s.chain, 8453)
      const { eoa, intentOp, submit } = await sdk7702Route([burnCall(burner, 1_000n)])
      // The call's owner raises its cost far past what the route charged (800k turns: 32 M gas).
      await raiseBurn(suite.s.chain, 8453, burner, 800_000n)
      const id = lockId(defaultLockTag, suite.s.chain.token(10, 'USDC').address)
      const locked = await suite.s.chain.lockedBalance(10, eoa.address, id)
      const before = await usdcHoldings([eoa.address, ...fillerAddresses])
      const intentId = String((await submit()).id)
      const final = await waitFor(
        intentId,
        (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
        'a final state',
        viaStackKey(),
      )
      expect(final.status).toBe('FAILED')
      expect(final.failureReason).toMatch(
        /the destination calls need more than the \d+ gas the route paid for; nothing was taken/,
      )
      expect(BigInt(final.failureReason.match(/more than the (\d+)/)[1])).toBe(
        destinationGasLimit(BigInt(intentOp.elements.at(-1)!.mandate.minGas)),
      )
      expect(await usdcHoldings([eoa.address, ...fillerAddresses])).toEqual(before)
      expect(await suite.s.chain.lockedBalance(10, eoa.address, id)).toBe(locked)
      // The filler delegated the account before it could simulate the calls: that gas is recorded
      // against the sponsor, as the receipts say.
      const setups = final.accountOperations.filter((o: { kind: string }) => o.kind === 'setup')
      expect(setups.length).toBeGreaterThan(0)
      let spent = 0n
      for (const o of setups) {
        const r = await suite.s.chain.client(o.chainId).getTransactionReceipt({ hash: o.transactionHash })
        spent += r.gasUsed * r.effectiveGasPrice
      }
      expect(await unpaidGasOf(suite.sql, eoa.address)).toBe(spent)
    }, 60_000)

    it(
      'an account whose failed intents left the filler more gas ' +
        'unpaid than the budget gets no new route: 422 naming account',
      async () => {
        const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
        const body = {
          account: { address: account.address, accountType: 'EOA' },
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('10').toString() }],
        }
        const { intentOp, signed } = await routed(account, body)
        // A failed intent of this sponsor on record, which cost the filler 0.01 ETH and one wei of gas.
        const nonce = BigInt(intentOp.nonce)
        await suite.sql.query(
          `INSERT INTO intents (nonce, sponsor, destination_chain_id, signed_intent_op, status, claims,
            issued_by, fill_deadline, expires, failure_reason, unpaid_gas_wei)
         VALUES ($1, $2, 42161, $3, 'FAILED', '[]', 'test', 1, 1, 'failed after its setup', $4)`,
          [nonce.toString(), account.address.toLowerCase(), JSON.stringify(signed), (10n ** 16n + 1n).toString()],
        )
        const refused = await suite.s.call('POST', '/intents/route', body)
        expect(refused.status).toBe(422)
        expect(refused.body.errors[0].context).toMatchObject({
          field: 'account',
          unpaidGasWei: '10000000000000001',
          budgetWei: '10000000000000000',
        })
        expect(refused.body.code).toBe('SPONSOR_EXPOSURE')
      },
    )

    // Last in the file: it moves chain 10's clock past the lock's reset period (7 days 1 h).

    it(
      'a forced withdrawal started mid-settlement: the filler fills and claims first, ' +
        'the user withdraws only after the reset period and only what the route left',
      async () => {
        const account = await fundedAccount(suite.s.chain, [
          { chainId: 10, symbol: 'USDC', amount: usdc('100'), locked: true },
        ])
        const id = lockId(defaultLockTag, suite.s.chain.token(10, 'USDC').address)
        const client = suite.s.chain.client(10)
        const lockCall = (data: Hex) =>
          suite.s.chain.send(10, { account, to: addresses.theCompact, data, chain: client.chain })
        const withdraw = (amount: bigint) =>
          encodeFunctionData({
            abi: lockContractAbi,
            functionName: 'forcedWithdrawal',
            args: [id, account.address, amount],
          })
        await suite.stack.filler.stop()
        const { intentOp, signed } = await routed(account, {
          destinationChainId: 8453,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        })
        expect((await suite.s.submit(signed)).status).toBe(201)
        const plan = planOf(signed)
        const need = plan.elements[0]!.locks[0]!.amount
        const before = await suite.s.snapshot(intentOp, account.address, account.address)
        const walletBefore = await suite.s.chain.erc20Balance(10, 'USDC', account.address)
        await stepBeforeCrash(intentOp.nonce, 'allocate:0', plan.elements[0]!.allocate!.call)

        // Mid-settlement the user starts a forced withdrawal and tries to take the lock at once: too early.
        await lockCall(encodeFunctionData({ abi: lockContractAbi, functionName: 'enableForcedWithdrawal', args: [id] }))
        const [status, withdrawableAt] = await client.readContract({
          address: addresses.theCompact,
          abi: lockContractAbi,
          functionName: 'getForcedWithdrawalStatus',
          args: [account.address, id],
        })
        expect(status).toBe(forcedWithdrawalStatus.pending)
        expect(withdrawableAt).toBeGreaterThan(BigInt(intentOp.expires)) // the claim window closes first
        await expect(client.call({ account, to: addresses.theCompact, data: withdraw(usdc('100')) })).rejects.toThrow(
          /forced withdrawal not available/,
        )

        // The filler comes back: fill first, then the claim, well inside the reset period.
        await suite.stack.filler.start()
        const final = await waitFor(
          intentOp.nonce,
          (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
          'a final state',
        )
        expect(final.status).toBe('COMPLETED')
        const after = await suite.s.snapshot(intentOp, account.address, account.address)
        // From raw reads: the filler gained exactly the lock it claimed and paid exactly tokenOut; the
        // user received exactly tokenOut and paid exactly the committed lock.
        for (const [key, delta] of expectedMoves(intentOp, account.address, account.address))
          expect({ key, delta: after.get(key)! - before.get(key)! }).toEqual({ key, delta })

        // After the reset period the user withdraws what the route left, and no more.
        await client.setNextBlockTimestamp({ timestamp: withdrawableAt })
        await client.mine({ blocks: 1 })
        await expect(
          client.call({ account, to: addresses.theCompact, data: withdraw(usdc('100') - need + 1n) }),
        ).rejects.toThrow(/insufficient balance/)
        await lockCall(withdraw(usdc('100') - need))
        expect(await suite.s.chain.erc20Balance(10, 'USDC', account.address)).toBe(walletBefore + usdc('100') - need)
        expect(await suite.s.chain.lockedBalance(10, account.address, id)).toBe(0n)
      },
    )

    if (fillers > 1)
      it('shared between the filler keys: each settled some of the intents', async () => {
        const rows = await suite.sql.query<{ filler_address: string }>(
          'SELECT DISTINCT filler_address FROM intents WHERE filler_address IS NOT NULL',
        )
        expect(new Set(rows.map((r) => r.filler_address))).toEqual(new Set(fillerAddresses.map((a) => a.toLowerCase())))
      })
  })
}
