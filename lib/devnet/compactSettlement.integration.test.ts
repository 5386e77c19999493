// The lock contract on the embedded devnet: a two-element multichain compact claimed through the
// arbiter against an attestation (The Compact's claim payloads, on-chain signature checks), and
// locks that lock (the allocator's rule). Starts its own devnet (viem only).
import {
  type Address,
  erc20Abi,
  getAddress,
  type Hex,
  hashStruct,
  parseEther,
  parseEventLogs,
  parseSignature,
  parseUnits,
  serializeCompactSignature,
  signatureToCompactSignature,
  size,
  zeroAddress,
} from 'viem'
import type { HDAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { addresses } from '../core/addresses'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import { compactTypedData, compactTypes, mandateWitnessTypestring } from '../core/intentOp/typedData'
import { defaultAllocator, defaultLockTag } from '../core/locks/defaultLockTag'
import { lockId } from '../core/locks/lockId'
import { sponsorNonce } from '../core/locks/sponsorNonce'
import type { FillAttestation } from '../core/settlement/attestation'
import * as artifacts from './contracts/artifacts'
import { demoAccount, fillerAccount, operatorAddress } from './demoAccount'
import {
  ACROSS,
  arbiterAbi,
  asOperator,
  attest,
  clients,
  element,
  erc20Balance,
  lockBalance,
  now,
  SAME_CHAIN,
  send,
  simulate,
  stranger,
  token,
  withDevnet,
} from './settlementHarness'

withDevnet()

describe('devnet compact settlement', () => {
  describe('(c) COMPACT claim of a two-element multichain compact (10 → 42161)', () => {
    const claimant = getAddress('0x00000000000000000000000000000000c1a1cc02')
    let proof: Awaited<ReturnType<typeof attest>>
    const usdc10 = token(10, 'USDC')
    const usdc42161 = token(42161, 'USDC')
    const idUsdc10 = lockId(defaultLockTag, usdc10)
    const idUsdc42161 = lockId(defaultLockTag, usdc42161)
    const idEth42161 = lockId(defaultLockTag, zeroAddress)
    const nonce = sponsorNonce(0xc0ffeen, demoAccount.address)

    async function signedCompact(signer: HDAccount) {
      const expires = (await now(10)) + 3600n
      const elements = [
        element({
          arbiter: ACROSS,
          chainId: 10,
          idsAndAmounts: [[idUsdc10, parseUnits('200', 6)]],
          recipient: demoAccount.address,
          tokenOut: [[usdc42161, parseUnits('199', 6)]],
          destinationChainId: 42161,
          fillDeadline: expires,
        }),
        element({
          arbiter: SAME_CHAIN,
          chainId: 42161,
          idsAndAmounts: [
            [idEth42161, parseEther('0.1')],
            [idUsdc42161, parseUnits('50', 6)],
          ],
          recipient: demoAccount.address,
          tokenOut: [[usdc42161, parseUnits('49', 6)]],
          destinationChainId: 42161,
          fillDeadline: expires,
        }),
      ]
      const intentOp = {
        sponsor: demoAccount.address,
        nonce: nonce.toString(),
        targetExecutionNonce: nonce.toString(),
        expires: expires.toString(),
        elements,
        serverSignature: '0x',
        signedMetadata: {},
        signedAuthorizations: [],
        recipientSignedAuthorizations: [],
      } as unknown as WireIntentOp
      const typed = compactTypedData(intentOp)
      const signature = await signer.signTypedData(typed)
      const messages = typed.message.elements
      const elementHashes = messages.map((e) => hashStruct({ types: compactTypes, primaryType: 'Element', data: e }))
      // The Compact's batch multichain claim (element 0, the notarized chain) or exogenous batch
      // claim (a later element), each portion withdrawing to `to`.
      const payload = (index: number, sig: Hex = signature, to: Address = claimant) => {
        const message = messages[index]!
        const base = {
          allocatorData: '0x' as Hex,
          sponsorSignature: sig,
          sponsor: demoAccount.address,
          nonce,
          expires,
          witness: hashStruct({ types: compactTypes, primaryType: 'Mandate', data: message.mandate }),
          witnessTypestring: mandateWitnessTypestring,
          claims: message.commitments.map((l) => ({
            id: lockId(l.lockTag, l.token),
            allocatedAmount: l.amount,
            portions: [{ claimant: BigInt(to), amount: l.amount }],
          })),
          additionalChains: elementHashes.filter((_, i) => i !== index),
        }
        return index === 0 ? base : { ...base, chainIndex: BigInt(index - 1), notarizedChainId: 10n }
      }
      /** The arbiter's claim of element `index`, as payload `p`, against `a` (the attestation). */
      const claimCall = (
        index: number,
        p: ReturnType<typeof payload> = payload(index),
        a: { attestation: FillAttestation; signature: Hex } = proof,
      ) =>
        [
          index === 0 ? 'claimCompact' : 'claimCompactExogenous',
          [p, messages[index]!.mandate, a.attestation, a.signature],
        ] as const
      const claimArgs = (index: number, sig: Hex = signature) => claimCall(index, payload(index, sig))
      return { typed, signature, elementHashes, messages, expires, payload, claimCall, claimArgs }
    }

    beforeAll(async () => {
      // The fill the attester saw: 248 USDC to the demo account on 42161, by `claimant` as filler.
      const { messages } = await signedCompact(demoAccount)
      proof = await attest({
        sponsor: demoAccount.address,
        nonce,
        recipient: demoAccount.address,
        delivered: [{ token: usdc42161, amount: parseUnits('248', 6) }],
        destinationChainId: 42161n,
        filler: claimant,
        mandateHashes: messages.map((m) =>
          hashStruct({ types: compactTypes, primaryType: 'Mandate', data: m.mandate }),
        ),
      })
      // Lock ETH and USDC for the demo account on 42161, from the operator (the demo account's
      // 500 USDC on 10 are already locked by the seed).
      await asOperator(
        42161,
        addresses.theCompact,
        artifacts.resourceLocks.abi,
        'depositNative',
        [defaultLockTag, demoAccount.address],
        parseEther('0.3'),
      )
      await asOperator(42161, usdc42161, artifacts.devToken.abi, 'mint', [operatorAddress, parseUnits('75', 6)])
      await asOperator(42161, usdc42161, erc20Abi, 'approve', [addresses.theCompact, parseUnits('75', 6)])
      await asOperator(42161, addresses.theCompact, artifacts.resourceLocks.abi, 'depositERC20', [
        usdc42161,
        defaultLockTag,
        parseUnits('75', 6),
        demoAccount.address,
      ])
    }, 60_000)

    it('hashes the mandate as viem does', async () => {
      const { messages } = await signedCompact(demoAccount)
      const mandateHash = await clients[42161]!.readContract({
        address: SAME_CHAIN,
        abi: artifacts.arbiter.abi,
        functionName: 'mandateHash',
        args: [messages[1]!.mandate],
      })
      expect(mandateHash).toBe(hashStruct({ types: compactTypes, primaryType: 'Mandate', data: messages[1]!.mandate }))
    })

    it('claims element 1 on 42161 (exogenous) and element 0 on 10 (notarized), each exactly once', async () => {
      const good = await signedCompact(demoAccount)
      const bad = await signedCompact(stranger)

      // Element 1 on Arbitrum: wrong signer, wrong arbiter, wrong element, a direct call, a forged
      // or short proof, a payout to someone else: refused.
      const sim = (chainId: number, from: Address, arbiter: Address, [fn, args]: ReturnType<typeof good.claimCall>) =>
        simulate(chainId, from, arbiter, arbiterAbi, fn, args)
      await expect(sim(42161, fillerAccount.address, SAME_CHAIN, good.claimArgs(1, bad.signature))).rejects.toThrow(
        /invalid sponsor signature/,
      )
      await expect(sim(42161, fillerAccount.address, ACROSS, good.claimArgs(1))).rejects.toThrow(
        /invalid sponsor signature/,
      )
      await expect(sim(42161, fillerAccount.address, SAME_CHAIN, good.claimCall(0))).rejects.toThrow(
        /invalid sponsor signature/,
      )
      await expect(
        sim(
          42161,
          fillerAccount.address,
          SAME_CHAIN,
          good.claimCall(1, { ...good.payload(1), witness: good.payload(0).witness }),
        ),
      ).rejects.toThrow(/witness is not the mandate/)
      const forged = await attest({ ...proof.attestation }, stranger)
      await expect(
        sim(42161, stranger.address, SAME_CHAIN, good.claimCall(1, good.payload(1), forged)),
      ).rejects.toThrow(/not signed by the attester/)
      const short = await attest({
        ...proof.attestation,
        delivered: [{ token: usdc42161, amount: parseUnits('48', 6) }],
      })
      await expect(sim(42161, stranger.address, SAME_CHAIN, good.claimCall(1, good.payload(1), short))).rejects.toThrow(
        /delivered less/,
      )
      await expect(
        sim(42161, stranger.address, SAME_CHAIN, good.claimCall(1, good.payload(1, good.signature, stranger.address))),
      ).rejects.toThrow(/someone other than the proven filler/)
      await expect(
        simulate(
          42161,
          fillerAccount.address,
          addresses.theCompact,
          artifacts.resourceLocks.abi,
          'exogenousBatchClaim',
          [good.payload(1)],
        ),
      ).rejects.toThrow(/invalid sponsor signature/) // called directly, the caller is not the signed arbiter

      const ethBefore = await lockBalance(42161, demoAccount.address, idEth42161)
      const usdcBefore = await lockBalance(42161, demoAccount.address, idUsdc42161)
      expect(ethBefore).toBe(parseEther('0.3'))
      expect(usdcBefore).toBe(parseUnits('75', 6))
      const compactEthBefore = await clients[42161]!.getBalance({ address: addresses.theCompact })

      const receipt = await send(42161, fillerAccount, SAME_CHAIN, artifacts.arbiter.abi, ...good.claimArgs(1))
      expect(await clients[42161]!.getBalance({ address: claimant })).toBe(parseEther('0.1'))
      expect(await erc20Balance(42161, usdc42161, claimant)).toBe(parseUnits('50', 6))
      expect(await lockBalance(42161, demoAccount.address, idEth42161)).toBe(parseEther('0.2'))
      expect(await lockBalance(42161, demoAccount.address, idUsdc42161)).toBe(parseUnits('25', 6))
      expect(await clients[42161]!.getBalance({ address: addresses.theCompact })).toBe(
        compactEthBefore - parseEther('0.1'),
      )
      const claimHash = hashStruct({ types: compactTypes, primaryType: 'MultichainCompact', data: good.typed.message })
      const [claim] = parseEventLogs({ abi: artifacts.resourceLocks.abi, logs: receipt.logs, eventName: 'Claim' })
      expect(claim!.args).toEqual({
        sponsor: demoAccount.address,
        allocator: getAddress(defaultAllocator),
        arbiter: SAME_CHAIN,
        claimHash,
        nonce,
      })
      const [approved] = parseEventLogs({
        abi: artifacts.allocator.abi,
        logs: receipt.logs,
        eventName: 'ClaimAuthorized',
      })
      expect(approved!.args).toMatchObject({ claimHash, arbiter: SAME_CHAIN, sponsor: demoAccount.address, nonce })
      const consumed = (chainId: number) =>
        clients[chainId]!.readContract({
          address: addresses.theCompact,
          abi: artifacts.resourceLocks.abi,
          functionName: 'hasConsumedAllocatorNonce',
          args: [nonce, defaultAllocator],
        })
      expect(await consumed(42161)).toBe(true)

      // Replay on 42161.
      await expect(sim(42161, fillerAccount.address, SAME_CHAIN, good.claimArgs(1))).rejects.toThrow(
        /nonce already used/,
      )

      // Element 0 on OP Mainnet, the notarized chain, from the seeded 500 locked USDC.
      expect(await consumed(10)).toBe(false)
      await expect(sim(10, fillerAccount.address, ACROSS, good.claimArgs(0, bad.signature))).rejects.toThrow(
        /invalid sponsor signature/,
      )
      expect(await lockBalance(10, demoAccount.address, idUsdc10)).toBe(parseUnits('500', 6))
      // Signed in EIP-2098 compact form (64 bytes) this time.
      const compact = serializeCompactSignature(signatureToCompactSignature(parseSignature(good.signature)))
      expect(size(compact)).toBe(64)
      await send(10, fillerAccount, ACROSS, artifacts.arbiter.abi, ...good.claimArgs(0, compact))
      expect(await erc20Balance(10, usdc10, claimant)).toBe(parseUnits('200', 6))
      expect(await lockBalance(10, demoAccount.address, idUsdc10)).toBe(parseUnits('300', 6))
      await expect(sim(10, fillerAccount.address, ACROSS, good.claimArgs(0))).rejects.toThrow(/nonce already used/)
    })

    it('refuses an expired compact and a lock larger than the balance', async () => {
      const client = clients[42161]!
      const base = await signedCompact(demoAccount)
      // A fresh nonce: the first, sponsor-signed compact spending more than is locked.
      const fresh = sponsorNonce(7n, demoAccount.address)
      const intentOp = {
        sponsor: demoAccount.address,
        nonce: fresh.toString(),
        expires: base.expires.toString(),
        elements: [
          element({
            arbiter: SAME_CHAIN,
            chainId: 42161,
            idsAndAmounts: [[idEth42161, parseEther('5')]],
            recipient: demoAccount.address,
            tokenOut: [],
            destinationChainId: 42161,
            fillDeadline: base.expires,
          }),
        ],
      } as unknown as WireIntentOp
      const typed = compactTypedData(intentOp)
      const signature = await demoAccount.signTypedData(typed)
      const hashes = typed.message.elements.map((e) =>
        hashStruct({ types: compactTypes, primaryType: 'Element', data: e }),
      )
      const mandateHashes = [
        hashStruct({ types: compactTypes, primaryType: 'Mandate', data: typed.message.elements[0]!.mandate }),
      ]
      const none = await attest({
        sponsor: demoAccount.address,
        nonce: fresh,
        recipient: demoAccount.address,
        delivered: [],
        destinationChainId: 42161n,
        filler: claimant,
        mandateHashes,
      })
      const commitments = typed.message.elements[0]!.commitments
      const args = [
        {
          allocatorData: '0x' as Hex,
          sponsorSignature: signature,
          sponsor: demoAccount.address,
          nonce: fresh,
          expires: base.expires,
          witness: hashStruct({
            types: compactTypes,
            primaryType: 'Mandate',
            data: typed.message.elements[0]!.mandate,
          }),
          witnessTypestring: mandateWitnessTypestring,
          claims: commitments.map((l) => ({
            id: lockId(l.lockTag, l.token),
            allocatedAmount: l.amount,
            portions: [{ claimant: BigInt(claimant), amount: l.amount }],
          })),
          additionalChains: [],
        },
        typed.message.elements[0]!.mandate,
        none.attestation,
        none.signature,
      ]
      expect(hashes).toHaveLength(1)
      await expect(
        simulate(42161, fillerAccount.address, SAME_CHAIN, arbiterAbi, 'claimCompact', args),
      ).rejects.toThrow(/insufficient balance/)
      await client.increaseTime({ seconds: 7200 })
      await client.mine({ blocks: 1 })
      await expect(
        simulate(42161, fillerAccount.address, SAME_CHAIN, arbiterAbi, 'claimCompact', args),
      ).rejects.toThrow(/compact expired/)
    })
  })

  describe('(e) locks that lock', () => {
    const chainId = 10
    const id = lockId(defaultLockTag, token(10, 'USDC'))
    const lockAbi = artifacts.resourceLocks.abi

    it(
      'a locked balance nothing is allocated against moves by ' +
        "transfer and by an operator, with the allocator's attestation",
      async () => {
        await clients[chainId]!.setBalance({ address: stranger.address, value: parseEther('1') })
        const before = await lockBalance(chainId, demoAccount.address, id)
        expect(before).toBeGreaterThan(0n)
        expect(
          await clients[chainId]!.readContract({
            address: defaultAllocator,
            abi: artifacts.allocator.abi,
            functionName: 'outstanding',
            args: [demoAccount.address, id],
          }),
        ).toBe(0n)
        await send(chainId, demoAccount, addresses.theCompact, lockAbi, 'transfer', [stranger.address, id, 1n])
        await send(chainId, demoAccount, addresses.theCompact, lockAbi, 'setOperator', [stranger.address, true])
        await send(chainId, stranger, addresses.theCompact, lockAbi, 'transferFrom', [
          stranger.address,
          demoAccount.address,
          id,
          1n,
        ])
        await send(chainId, stranger, addresses.theCompact, lockAbi, 'transferFrom', [
          demoAccount.address,
          stranger.address,
          id,
          1n,
        ])
        await send(chainId, demoAccount, addresses.theCompact, lockAbi, 'setOperator', [stranger.address, false])
        await send(chainId, stranger, addresses.theCompact, lockAbi, 'transfer', [demoAccount.address, id, 1n])
        expect(await lockBalance(chainId, demoAccount.address, id)).toBe(before)
        // Only the lock contract may ask the allocator.
        await expect(
          simulate(chainId, stranger.address, defaultAllocator, artifacts.allocator.abi, 'attest', [
            stranger.address,
            demoAccount.address,
            stranger.address,
            id,
            1n,
          ]),
        ).rejects.toThrow(/only the lock contract/)
      },
    )

    it("the sponsor's own exit: a forced withdrawal, only once the lock's reset period has passed", async () => {
      const client = clients[chainId]!
      const before = await lockBalance(chainId, demoAccount.address, id)
      const usdcBefore = await erc20Balance(chainId, token(10, 'USDC'), demoAccount.address)
      expect(
        await client.readContract({
          address: addresses.theCompact,
          abi: artifacts.resourceLocks.abi,
          functionName: 'resetPeriodSeconds',
          args: [id],
        }),
      ).toBe(612_000n) // 7 days 1 h
      await expect(
        simulate(chainId, demoAccount.address, addresses.theCompact, lockAbi, 'forcedWithdrawal', [
          id,
          demoAccount.address,
          1n,
        ]),
      ).rejects.toThrow(/forced withdrawal not available/)
      await send(chainId, demoAccount, addresses.theCompact, artifacts.resourceLocks.abi, 'enableForcedWithdrawal', [
        id,
      ])
      const [status, at] = await client.readContract({
        address: addresses.theCompact,
        abi: artifacts.resourceLocks.abi,
        functionName: 'getForcedWithdrawalStatus',
        args: [demoAccount.address, id],
      })
      expect(status).toBe(1)
      expect(at).toBe((await now(chainId)) + 612_000n)
      await expect(
        simulate(chainId, demoAccount.address, addresses.theCompact, lockAbi, 'forcedWithdrawal', [
          id,
          demoAccount.address,
          1n,
        ]),
      ).rejects.toThrow(/forced withdrawal not available/)
      await client.setNextBlockTimestamp({ timestamp: at })
      await client.mine({ blocks: 1 })
      await send(chainId, demoAccount, addresses.theCompact, artifacts.resourceLocks.abi, 'forcedWithdrawal', [
        id,
        demoAccount.address,
        parseUnits('10', 6),
      ])
      expect(await lockBalance(chainId, demoAccount.address, id)).toBe(before - parseUnits('10', 6))
      expect(await erc20Balance(chainId, token(10, 'USDC'), demoAccount.address)).toBe(usdcBefore + parseUnits('10', 6))
      await send(chainId, demoAccount, addresses.theCompact, artifacts.resourceLocks.abi, 'disableForcedWithdrawal', [
        id,
      ])
      expect(
        await client.readContract({
          address: addresses.theCompact,
          abi: artifacts.resourceLocks.abi,
          functionName: 'getForcedWithdrawalStatus',
          args: [demoAccount.address, id],
        }),
      ).toEqual([0, 0n])
    })
  })
})
