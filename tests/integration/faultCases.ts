// Settlement that cannot lose money when things break: the filler crashes between steps, the
// attester goes down, a re-org drops a step before or after COMPLETED, the base fee outgrows a
// journaled step's fee, the sponsor refunds before the filler's return. After each, raw chain reads
// show that the filler never lost tokens net of what it was paid, and that the account either got
// exactly tokenOut or lost nothing (refunds included), with the intent in a final state. A stack
// of its own: it stops the filler and the attester and moves the chains' clocks.
// The cases run against one filler process (settlement.faults.test.ts) and against two, each with
// its own key, sharing the work (settlement.faults.twoFillers.test.ts): stopping "the filler" stops
// both, and the filler balances counted are every filler key's together.
import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  isAddressEqual,
  keccak256,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { arbitrum, optimism } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { escrowStatus } from '../../lib/core/abi/arbiter'
import { addresses } from '../../lib/core/addresses'
import type { WireIntentOp } from '../../lib/core/intentOp/intentOp'
import { findTokenBySymbol } from '../../lib/core/tokens/tokens'
import * as artifacts from '../../lib/devnet/contracts/artifacts'
import { fillerAccount, fillerAccounts } from '../../lib/devnet/demoAccount'
import { FINAL_MARGIN_SECONDS } from '../../lib/filler/intentMachine'
import { findAttestation } from '../../lib/storage/attestationStore'
import { updateIntent } from '../../lib/storage/intentStore'
import { findTransaction } from '../../lib/storage/journalStore'
import {
  adversarialStack,
  journalAsFiller,
  planOf,
  routed,
  status,
  stepBeforeCrash,
  stepOutpriced,
  usdcHoldings,
  waitFor,
  warpTo,
} from '../support/adversary'
import { sdkClient } from '../support/sdkClient'
import { expectedMoves, fundedAccount } from '../support/settlement'

const fillerAddresses = fillerAccounts.map((a) => a.address)

/** Registers the suite, against a stack of its own with `fillers` filler processes. */
export function faultCases(fillers: 1 | 2): void {
  const suite = adversarialStack(`settlement faults suite ${fillers} fillers`, { fillers })
  const usdc = (v: string) => parseUnits(v, 6)

  /** Raw chain reads: the escrow is refunded, by the filler's returnEscrow, in a block before the
   * arbiter's public refund was due. */
  async function expectReturnedAtOnce(
    e: { chainId: number; arbiter: Address },
    sponsor: Address,
    nonce: bigint,
    hash: Hex,
  ) {
    const client = suite.s.chain.client(e.chainId)
    const [state, refundableAfter] = await client.readContract({
      address: e.arbiter,
      abi: artifacts.arbiter.abi,
      functionName: 'escrowOf',
      args: [sponsor, nonce],
    })
    expect(state).toBe(escrowStatus.refunded)
    const tx = await client.getTransaction({ hash })
    expect(fillerAddresses.some((f) => isAddressEqual(tx.from, f))).toBe(true)
    expect(decodeFunctionData({ abi: artifacts.arbiter.abi, data: tx.input })).toEqual({
      functionName: 'returnEscrow',
      args: [sponsor, nonce],
    })
    const receipt = await client.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect((await client.getBlock({ blockNumber: receipt.blockNumber })).timestamp).toBeLessThanOrEqual(refundableAfter)
  }

  describe(`settlement faults (${fillers} filler process${fillers === 1 ? '' : 'es'})`, () => {
    it(
      'the filler crashes after the first escrow, the sponsor revokes its approval on the ' +
        'second chain: FAILED, the escrow returned at once, long before the refund delay',
      async () => {
        const account = await fundedAccount(suite.s.chain, [
          { chainId: 8453, symbol: 'USDC', amount: usdc('120') },
          { chainId: 10, symbol: 'USDC', amount: usdc('120') },
        ])
        const before = await usdcHoldings([account.address, ...fillerAddresses])
        await suite.stack.filler.stop()
        const { intentOp, signed } = await routed(account, {
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('200').toString() }],
        })
        expect(intentOp.elements).toHaveLength(2)
        expect(intentOp.elements.every((e) => e.mandate.qualifier.settlementContext.fundingMethod === 'PERMIT2')).toBe(
          true,
        )
        expect((await suite.s.submit(signed)).status).toBe(201)
        const plan = planOf(signed)
        const first = plan.elements[0]!
        const second = plan.elements[1]!
        const escrow = await stepBeforeCrash(intentOp.nonce, 'escrow:0', first.escrow!.call)
        // Mid-settlement, the sponsor pulls Permit2's allowance on the second chain.
        await suite.s.chain.send(second.chainId, {
          account,
          to: suite.s.chain.token(second.chainId, 'USDC').address,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [addresses.permit2, 0n] }),
          chain: suite.s.chain.client(second.chainId).chain,
        })
        await suite.stack.filler.start()

        const failed = await waitFor(intentOp.nonce, (b) => b.status === 'FAILED', 'FAILED')
        expect(failed.failureReason).toMatch(/escrow of element 1/)
        expect(failed.fillTransactionHash).toBeUndefined()
        expect(failed.claims[0]).toMatchObject({
          chainId: first.chainId,
          status: 'COMPLETED',
          claimTransactionHash: escrow.transactionHash,
        })
        expect(failed.refunds).toHaveLength(1)
        expect(failed.refunds[0]).toMatchObject({
          chainId: first.chainId,
          reason: expect.stringMatching(/escrow of element 1/),
        })

        // No fill was sent: the filler returns the escrow at once (returnEscrow), without waiting for
        // the fill deadline and the arbiter's delay. Raw chain reads: returned, before it was refundable.
        const returned = await waitFor(
          intentOp.nonce,
          (b) => b.refunds?.[0]?.status === 'COMPLETED',
          'a returned escrow',
        )
        expect(returned.refunds[0]).toMatchObject({
          chainId: first.chainId,
          status: 'COMPLETED',
          transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
          timestamp: expect.any(Number),
        })
        expect(returned.status).toBe('FAILED')
        await expectReturnedAtOnce(first, account.address, BigInt(intentOp.nonce), returned.refunds[0].transactionHash)
        // Nobody lost anything: the account holds what it held, the filler too, on every chain.
        expect(await usdcHoldings([account.address, ...fillerAddresses])).toEqual(before)
      },
    )

    it(
      'the attester is down after the escrow: no fill, ' + 'FAILED at the deadline, the escrow returned at once',
      async () => {
        const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
        const before = await usdcHoldings([account.address, ...fillerAddresses])
        await suite.stack.filler.stop()
        const { intentOp, signed } = await routed(account, {
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        })
        expect((await suite.s.submit(signed)).status).toBe(201)
        const plan = planOf(signed)
        await stepBeforeCrash(intentOp.nonce, 'escrow:0', plan.elements[0]!.escrow!.call)
        await suite.stack.attester.stop()
        try {
          await suite.stack.filler.start()
          await waitFor(intentOp.nonce, (b) => b.status === 'CLAIMED', 'CLAIMED')
          await new Promise((r) => setTimeout(r, 1_500))
          expect((await status(intentOp.nonce)).status).toBe('CLAIMED') // waits: no fill without an attester
          expect(await suite.s.chain.erc20Balance(42161, 'USDC', account.address)).toBe(
            before[`42161:${account.address}`],
          )

          await warpTo(BigInt(intentOp.elements[0]!.mandate.fillDeadline) + 1n)
          const failed = await waitFor(intentOp.nonce, (b) => b.status === 'FAILED', 'FAILED')
          expect(failed.failureReason).toMatch(/^expired: .*the escrows are refunded/)
          expect(failed.expired).toBe(true)
          expect(failed.refunds).toMatchObject([{ chainId: 8453 }])
          const returned = await waitFor(
            intentOp.nonce,
            (b) => b.refunds?.[0]?.status === 'COMPLETED',
            'a returned escrow',
          )
          expect(returned.refunds[0].transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
          await expectReturnedAtOnce(
            plan.elements[0]!,
            account.address,
            BigInt(intentOp.nonce),
            returned.refunds[0].transactionHash,
          )
          expect(await usdcHoldings([account.address, ...fillerAddresses])).toEqual(before)
        } finally {
          await suite.stack.attester.start()
        }
      },
    )

    it(
      'the filler crashes after the fill: it resumes, is paid ' +
        'against the attestation, and everything moves exactly once',
      async () => {
        const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
        await suite.stack.filler.stop()
        const { intentOp, signed } = await routed(account, {
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        })
        const snapshot = await suite.s.snapshot(intentOp, account.address, account.address)
        expect((await suite.s.submit(signed)).status).toBe(201)
        const plan = planOf(signed)
        const escrow = await stepBeforeCrash(intentOp.nonce, 'escrow:0', plan.elements[0]!.escrow!.call)
        const fill = await stepBeforeCrash(intentOp.nonce, 'fill', plan.fill.call)
        await suite.stack.filler.start()
        const done = await waitFor(
          intentOp.nonce,
          (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
          'a final state',
        )
        expect(done).toMatchObject({ status: 'COMPLETED', fillTransactionHash: fill.transactionHash, refunds: [] })
        expect(done.claims[0].claimTransactionHash).toBe(escrow.transactionHash)
        const after = await suite.s.snapshot(intentOp, account.address, account.address)
        for (const [key, delta] of expectedMoves(intentOp, account.address, account.address))
          expect({ key, delta: after.get(key)! - snapshot.get(key)! }).toEqual({ key, delta })
      },
    )

    it(
      'a re-org drops the escrow (anvil_rollback) before the filler saw it: ' +
        'the journaled bytes go out again and everything moves exactly once',
      async () => {
        const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
        await suite.stack.filler.stop()
        const { intentOp, signed } = await routed(account, {
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        })
        const snapshot = await suite.s.snapshot(intentOp, account.address, account.address)
        expect((await suite.s.submit(signed)).status).toBe(201)
        const plan = planOf(signed)
        const client = suite.s.chain.client(8453)
        const escrow = await stepBeforeCrash(intentOp.nonce, 'escrow:0', plan.elements[0]!.escrow!.call)
        const head = await client.getBlockNumber({ cacheTime: 0 })
        expect(escrow.blockNumber).toBe(head)
        await client.request({ method: 'anvil_rollback', params: [1] } as never)
        expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(head - 1n)
        expect(
          await client.getTransactionReceipt({ hash: escrow.transactionHash }).catch(() => undefined),
        ).toBeUndefined()
        await suite.stack.filler.start()
        const done = await waitFor(
          intentOp.nonce,
          (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
          'a final state',
        )
        expect(done.status).toBe('COMPLETED')
        expect(done.claims[0].claimTransactionHash).toBe(escrow.transactionHash) // the same bytes, mined again
        expect((await client.getTransactionReceipt({ hash: escrow.transactionHash })).status).toBe('success')
        const after = await suite.s.snapshot(intentOp, account.address, account.address)
        for (const [key, delta] of expectedMoves(intentOp, account.address, account.address))
          expect({ key, delta: after.get(key)! - snapshot.get(key)! }).toEqual({ key, delta })
      },
    )

    it(
      'a re-org after COMPLETED drops the fill, then the release ' +
        '(anvil_rollback): the intent is reopened, the same bytes land again, the ' +
        'attester signs the fill where it landed, everything moves exactly once',
      async () => {
        const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
        const { intentOp, signed } = await routed(account, {
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        })
        const id = intentOp.nonce
        const snapshot = await suite.s.snapshot(intentOp, account.address, account.address)
        expect((await suite.s.submit(signed)).status).toBe(201)
        const done = await waitFor(id, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state')
        expect(done.status).toBe('COMPLETED')
        const reopened = (status: string) => () =>
          suite.stack
            .logs()
            .split('\n')
            .some(
              (l) =>
                l.includes('"msg":"re-org dropped a settled step; intent reopened"') &&
                l.includes(`"id":"${id}"`) &&
                l.includes(`"status":"${status}"`),
            )
        const rollBackTo = async (chainId: number, hash: Hex) => {
          const client = suite.s.chain.client(chainId)
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
        const refilled = await waitFor(
          id,
          (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
          'a final state again',
        )
        expect(refilled).toMatchObject({ status: 'COMPLETED', fillTransactionHash: done.fillTransactionHash })
        const fill = await suite.s.chain.client(42161).getTransactionReceipt({ hash: done.fillTransactionHash })
        expect(fill.status).toBe('success')
        expect(refilled.fillTimestamp).toBe(
          Number((await suite.s.chain.client(42161).getBlock({ blockNumber: fill.blockNumber })).timestamp),
        )
        // The attester withdrew its attestation of the dropped block and signed the fill where it is now.
        await until(
          'the attestation of the fill where it landed',
          async () =>
            (await findAttestation(suite.sql, 42161, account.address, id))?.attestation.fillBlock === fill.blockNumber,
        )

        // The release on the origin is dropped: back to FILLED, the journaled release goes out again.
        const release = await findTransaction(suite.sql, id, 'release:0')
        expect(release).toBeDefined()
        await rollBackTo(8453, release!.hash)
        await until('the intent reopened at FILLED', reopened('FILLED'))
        expect(
          (await waitFor(id, (b) => b.status === 'COMPLETED' || b.status === 'FAILED', 'a final state again')).status,
        ).toBe('COMPLETED')
        expect((await suite.s.chain.client(8453).getTransactionReceipt({ hash: release!.hash })).status).toBe('success')

        const after = await suite.s.snapshot(intentOp, account.address, account.address)
        for (const [key, delta] of expectedMoves(intentOp, account.address, account.address))
          expect({ key, delta: after.get(key)! - snapshot.get(key)! }).toEqual({ key, delta })
      },
    )

    it(
      'the base fee rises past a journaled escrow before it is mined, and the node refuses it for ' +
        'good: it is replaced at its nonce, and the intent and a later one on that chain complete',
      async () => {
        const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
        const later = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
        await suite.stack.filler.stop()
        const { intentOp, signed } = await routed(account, {
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        })
        const snapshot = await suite.s.snapshot(intentOp, account.address, account.address)
        expect((await suite.s.submit(signed)).status).toBe(201)
        const plan = planOf(signed)
        const outpriced = await stepOutpriced(intentOp.nonce, 'escrow:0', plan.elements[0]!.escrow!.call)
        await suite.stack.filler.start()
        const done = await waitFor(
          intentOp.nonce,
          (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
          'a final state',
        )
        expect(done.status).toBe('COMPLETED')
        // The escrow went out as the same step signed again at the same nonce; the old bytes are kept.
        const client = suite.s.chain.client(8453)
        const journaled = await findTransaction(suite.sql, intentOp.nonce, 'escrow:0')
        expect(journaled!.hash).not.toBe(outpriced)
        expect(journaled!.replaced?.map((r) => r.hash)).toEqual([outpriced])
        expect(done.claims[0].claimTransactionHash).toBe(journaled!.hash)
        expect((await client.getTransactionReceipt({ hash: journaled!.hash })).status).toBe('success')
        expect(await client.getTransactionReceipt({ hash: outpriced }).catch(() => undefined)).toBeUndefined()
        const after = await suite.s.snapshot(intentOp, account.address, account.address)
        for (const [key, delta] of expectedMoves(intentOp, account.address, account.address))
          expect({ key, delta: after.get(key)! - snapshot.get(key)! }).toEqual({ key, delta })
        // A later intent on that chain settles behind it.
        const next = await routed(later, {
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        })
        expect((await suite.s.submit(next.signed)).status).toBe(201)
        expect(
          (
            await waitFor(
              next.intentOp.nonce,
              (b) => b.status === 'COMPLETED' || b.status === 'FAILED',
              'a final state',
            )
          ).status,
        ).toBe('COMPLETED')
      },
    )

    it(
      'a fill that could not be paid before the escrow refund opens (deep confirmations) is never ' +
        'started: FAILED before any escrow, nothing sent',
      async () => {
        const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
        const before = await usdcHoldings([account.address, ...fillerAddresses])
        await suite.stack.filler.stop()
        // 1,000 Ethereum blocks (12 s each) before an attestation of the fill: far longer than the fill
        // deadline 600 s away plus the escrow's 300 s refund delay.
        await suite.stack.filler.start({ ATTESTER_CONFIRMATIONS: '1000' })
        try {
          const { intentOp, signed } = await routed(account, {
            destinationChainId: 1,
            tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
          })
          expect((await suite.s.submit(signed)).status).toBe(201)
          const failed = await waitFor(intentOp.nonce, (b) => b.status === 'FAILED', 'FAILED')
          expect(failed.failureReason).toMatch(
            /^expired: a fill could not be paid before \d+ \(the confirmations it waits for\); nothing was taken$/,
          )
          expect(failed.claims.every((c: { status: string }) => c.status !== 'COMPLETED')).toBe(true)
          const e = planOf(signed).elements[0]!
          const [state] = await suite.s.chain.client(e.chainId).readContract({
            address: e.arbiter,
            abi: artifacts.arbiter.abi,
            functionName: 'escrowOf',
            args: [account.address, BigInt(intentOp.nonce)],
          })
          expect(state).toBe(escrowStatus.none)
          expect(await usdcHoldings([account.address, ...fillerAddresses])).toEqual(before)
        } finally {
          await suite.stack.filler.stop()
          await suite.stack.filler.start()
        }
      },
    )

    // Moves the chains' clocks past the intent's final-state deadline.
    it(
      'a USDT0 packet LayerZero never delivers: the send runs, then FAILED once the final-state ' +
        'deadline has passed on the destination, naming the send; nothing credited there',
      async () => {
        const sdk = sdkClient({
          baseUrl: suite.stack.baseUrl,
          apiKey: suite.apiKey,
          rpcUrls: suite.stack.devnet.rpcUrls,
        })
        const account = await sdk.createAccount({
          owners: { type: 'ecdsa', accounts: [privateKeyToAccount(generatePrivateKey())] },
        })
        const address = account.getAddress()
        const recipient = suite.s.chain.freshAccount().address
        await suite.s.chain.mint(10, 'USDT0', address, usdc('60'))
        // The devnet's OFT relay (standing in for LayerZero's executor) runs in the attester's process.
        await suite.stack.attester.stop()
        try {
          const prepared = await account.prepareTransaction({
            sourceChains: [optimism],
            targetChain: arbitrum,
            tokenRequests: [{ address: findTokenBySymbol(42161, 'USDT0')!.address, amount: usdc('25') }],
            recipient,
          })
          const intentOp = prepared.intentRoute.intentOp as unknown as WireIntentOp
          const result = await account.submitTransaction(await account.signTransaction(prepared))
          expect(String(result.id)).toBe(intentOp.nonce)
          // The account's own send leaves OP Mainnet; the packet is never delivered.
          const drawn = BigInt(intentOp.elements[0]!.idsAndAmounts[0]![1])
          for (let i = 0; (await suite.s.chain.erc20Balance(10, 'USDT0', address)) !== usdc('60') - drawn; i++) {
            if (i > 250) throw new Error('the send never left OP Mainnet')
            await new Promise((r) => setTimeout(r, 100))
          }
          expect((await status(intentOp.nonce)).status).toBe('PENDING') // waiting for the delivery
          await warpTo(BigInt(intentOp.expires) + FINAL_MARGIN_SECONDS + 1n)
          const failed = await waitFor(intentOp.nonce, (b) => b.status === 'FAILED', 'FAILED')
          expect(failed.failureReason).toMatch(
            /^sent over LayerZero OFT in 0x[0-9a-f]{64}, but not delivered on chain 42161 by \d+$/,
          )
          expect(await suite.s.chain.erc20Balance(42161, 'USDT0', recipient)).toBe(0n)
        } finally {
          await suite.stack.attester.start()
        }
      },
    )

    // Moves the chains' clocks past the escrow's refund delay.

    it(
      "the sponsor refunds its escrow before the filler's return, which is mined " +
        'as a revert: recorded as done by another party, the intent never reopened',
      async () => {
        const account = await fundedAccount(suite.s.chain, [{ chainId: 8453, symbol: 'USDC', amount: usdc('100') }])
        const before = await usdcHoldings([account.address, ...fillerAddresses])
        await suite.stack.filler.stop()
        const { intentOp, signed } = await routed(account, {
          destinationChainId: 42161,
          tokenRequests: [{ tokenAddress: 'USDC', amount: usdc('40').toString() }],
        })
        const id = intentOp.nonce
        expect((await suite.s.submit(signed)).status).toBe(201)
        const e = planOf(signed).elements[0]!
        const client = suite.s.chain.client(e.chainId)
        await stepBeforeCrash(id, 'escrow:0', e.escrow!.call)
        // The sponsor takes its escrow back with the public refund once it is due.
        const [, refundableAfter] = await client.readContract({
          address: e.arbiter,
          abi: artifacts.arbiter.abi,
          functionName: 'escrowOf',
          args: [account.address, BigInt(id)],
        })
        await warpTo(refundableAfter + 1n)
        await suite.s.chain.send(e.chainId, {
          account,
          to: e.refund!.call.to,
          data: e.refund!.call.data,
          chain: client.chain,
        })
        // The filler's return, journaled and mined after it: a revert ("nothing held").
        const back = e.returnEscrow!.call
        const request = await client.prepareTransactionRequest({
          account: fillerAccount,
          to: back.to,
          data: back.data,
          gas: 200_000n,
          chain: client.chain,
        })
        const raw = await fillerAccount.signTransaction(request as never)
        await journalAsFiller(id, { step: 'refund:0:return', chainId: e.chainId, raw, hash: keccak256(raw) })
        expect(
          (
            await client.waitForTransactionReceipt({
              hash: await client.sendRawTransaction({ serializedTransaction: raw }),
            })
          ).status,
        ).toBe('reverted')
        await updateIntent(suite.sql, id, {
          status: 'FAILED',
          failureReason: 'the filler crashed after the escrow',
          refunds: [
            { chainId: e.chainId, elementIndex: 0, status: 'PENDING', reason: 'the filler crashed after the escrow' },
          ],
        })
        const logsBefore = suite.stack.logs().length
        const lines = () =>
          suite.stack
            .logs()
            .slice(logsBefore)
            .split('\n')
            .filter((l) => l.includes(`"id":"${id}"`))
        await suite.stack.filler.start()
        const done = await waitFor(id, (b) => b.refunds?.[0]?.status === 'COMPLETED', 'its refund recorded')
        expect(done.status).toBe('FAILED')
        expect(done.refunds[0].transactionHash).toBeUndefined() // no transaction of the filler's did it
        // The finality watch reads it, meets the revert and records it as done by another party; for
        // a while after, the intent is never reopened and its refund never due again.
        const deadline = Date.now() + 20_000
        while (
          !lines().some((l) => l.includes('"msg":"refund reverted: the escrow was already refunded by another party"'))
        ) {
          if (Date.now() > deadline)
            throw new Error(`the finality watch never looked at the reverted return: ${lines().join('\n')}`)
          await new Promise((r) => setTimeout(r, 100))
        }
        for (const until = Date.now() + 3_000; Date.now() < until; ) {
          expect((await status(id)).refunds[0].status).toBe('COMPLETED')
          await new Promise((r) => setTimeout(r, 100))
        }
        expect(lines().filter((l) => l.includes('intent reopened'))).toEqual([])
        expect(await usdcHoldings([account.address, ...fillerAddresses])).toEqual(before)
      },
    )
  })
}
