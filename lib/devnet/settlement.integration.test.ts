// Settlement on the embedded devnet: real Permit2 at its canonical address, the contracts at their
// places, PERMIT2 escrow released against an attestation, returned or refunded, and destination fills.
// Starts its own devnet (viem only), so it needs no app and no database. (Compact claims and the
// allocator's locks: compactSettlement.test.ts.)
import {
  type Address,
  erc20Abi,
  getAddress,
  getContractAddress,
  type Hex,
  hashStruct,
  isAddressEqual,
  pad,
  parseEther,
  parseEventLogs,
  parseUnits,
  zeroAddress,
} from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { addresses } from '../core/addresses'
import { compactTypes, permit2TypedData } from '../core/intentOp/typedData'
import { defaultAllocator } from '../core/locks/defaultLockTag'
import { allocatorId } from '../core/locks/lockId'
import { arbiterAddresses } from '../core/route/settlementLayers'
import * as artifacts from './contracts/artifacts'
import { permit2CreationCode } from './contracts/permit2'
import {
  attesterAccount,
  demoAccount,
  fillerAccount,
  fillerAccounts,
  operatorAddress,
  secondFillerAccount,
} from './demoAccount'
import {
  ACROSS,
  arbiterAbi,
  attest,
  clients,
  ECO,
  element,
  emptyOp,
  erc20Balance,
  now,
  permit2DomainSeparator,
  send,
  simulate,
  startedDevnet,
  stranger,
  token,
  withDevnet,
} from './settlementHarness'

withDevnet()

describe('devnet settlement', () => {
  describe('(a) real Permit2', () => {
    it.each([1, 10, 8453, 42161])(
      'is at its canonical address on chain %i with its real domain separator',
      async (chainId) => {
        const client = clients[chainId]!
        const deployed = (await client.getCode({ address: addresses.permit2 }))!
        const separator = await client.readContract({
          address: addresses.permit2,
          abi: [
            {
              type: 'function',
              name: 'DOMAIN_SEPARATOR',
              stateMutability: 'view',
              inputs: [],
              outputs: [{ type: 'bytes32' }],
            },
          ],
          functionName: 'DOMAIN_SEPARATOR',
        })
        const domain = { name: 'Permit2', chainId, verifyingContract: addresses.permit2 }
        expect(separator).toBe(permit2DomainSeparator(domain))

        // The package's creation code, run at another address (an eth_call creation from the
        // operator), yields the same runtime code up to Permit2's cached domain separator, an
        // immutable that names the contract's own address.
        const elsewhere = getContractAddress({
          from: operatorAddress,
          nonce: BigInt(await client.getTransactionCount({ address: operatorAddress })),
        })
        const { data: simulated } = await client.call({ account: operatorAddress, data: permit2CreationCode })
        const elsewhereSeparator = permit2DomainSeparator({ ...domain, verifyingContract: elsewhere })
        expect(simulated!.includes(elsewhereSeparator.slice(2))).toBe(true)
        expect(deployed).toBe(simulated!.replaceAll(elsewhereSeparator.slice(2), separator.slice(2)))
      },
    )
  })

  describe('placement', () => {
    it.each([1, 10, 8453, 42161])(
      'chain %i: allocator registered, every arbiter knows both fillers and the attester',
      async (chainId) => {
        const client = clients[chainId]!
        expect(fillerAccount.address).toBe(startedDevnet().fillerAddress)
        expect(startedDevnet().fillerAddresses).toEqual([fillerAccount.address, secondFillerAccount.address])
        const registered = await client.readContract({
          address: addresses.theCompact,
          abi: artifacts.resourceLocks.abi,
          functionName: 'allocators',
          args: [allocatorId(defaultAllocator)],
        })
        expect(isAddressEqual(registered, defaultAllocator)).toBe(true)
        const onChainId = await client.readContract({
          address: addresses.theCompact,
          abi: artifacts.resourceLocks.abi,
          functionName: 'allocatorIdOf',
          args: [defaultAllocator],
        })
        expect(onChainId).toBe(allocatorId(defaultAllocator))
        for (const arbiter of arbiterAddresses) {
          expect(
            await client.readContract({ address: arbiter, abi: artifacts.arbiter.abi, functionName: 'fillers' }),
          ).toEqual([fillerAccount.address, secondFillerAccount.address])
          for (const [who, is] of [
            [fillerAccount.address, true],
            [secondFillerAccount.address, true],
            [attesterAccount.address, false],
            [stranger.address, false],
          ] as const) {
            const read = {
              address: arbiter,
              abi: artifacts.arbiter.abi,
              functionName: 'isFiller',
              args: [who],
            } as const
            expect(await client.readContract(read)).toBe(is)
          }
          expect(
            await client.readContract({ address: arbiter, abi: artifacts.arbiter.abi, functionName: 'attester' }),
          ).toBe(attesterAccount.address)
        }
        await expect(
          simulate(chainId, operatorAddress, ACROSS, artifacts.arbiter.abi, 'initialize', [
            [operatorAddress],
            stranger.address,
          ]),
        ).rejects.toThrow(/already initialized/)
        for (const filler of fillerAccounts) {
          expect(await client.getBalance({ address: filler.address })).toBe(parseEther('1000'))
          expect(await erc20Balance(chainId, token(chainId, 'USDC'), filler.address)).toBe(parseUnits('10000000', 6))
          expect(await erc20Balance(chainId, token(chainId, 'WETH'), filler.address)).toBe(parseEther('10000'))
        }
      },
    )

    it('computes allocator ids as lockId.ts does', async () => {
      const client = clients[1]!
      for (const a of [
        defaultAllocator,
        '0x0000000000000000000000000000000000000001',
        '0x00001234567890abcdef1234567890abcdef1234',
        '0x0000000000000000000000000000abcdef123456',
      ] as Address[]) {
        expect(
          await client.readContract({
            address: addresses.theCompact,
            abi: artifacts.resourceLocks.abi,
            functionName: 'allocatorIdOf',
            args: [a],
          }),
        ).toBe(allocatorId(a))
      }
    })
  })

  describe('(b) PERMIT2 escrow on Base: released against an attestation, returned, or refunded', () => {
    const chainId = 8453
    const usdc = token(chainId, 'USDC')
    const amount = parseUnits('100.25', 6)
    const delivered = parseUnits('100', 6)
    const usdcOut = token(42161, 'USDC')

    // The stranger sends releases and refunds itself: anyone may.
    beforeAll(() => clients[chainId]!.setBalance({ address: stranger.address, value: parseEther('1') }))

    async function signedPermit(nonce: bigint) {
      const expires = (await now(chainId)) + 3600n
      const fillDeadline = (await now(chainId)) + 600n
      const wire = element({
        arbiter: ACROSS,
        chainId,
        idsAndAmounts: [[BigInt(usdc), amount]],
        recipient: demoAccount.address,
        tokenOut: [[usdcOut, delivered]],
        destinationChainId: 42161,
        fillDeadline,
      })
      const typed = permit2TypedData(wire, nonce, expires)
      const signature = await demoAccount.signTypedData(typed)
      const args = (p = typed.message.permitted, sig: Hex = signature) => [
        demoAccount.address,
        nonce,
        expires,
        p,
        typed.message.mandate,
        sig,
      ]
      return { typed, signature, args, mandate: typed.message.mandate, fillDeadline }
    }

    it(
      "escrows exactly the signed amount, once, only with the sponsor's " +
        "signature, and pays the filler only against the attester's proof",
      async () => {
        const nonce = 0x5eedn
        const { typed, args, mandate } = await signedPermit(nonce)

        // The arbiter's EIP-712 Mandate hash is viem's.
        expect(
          await clients[chainId]!.readContract({
            address: ACROSS,
            abi: artifacts.arbiter.abi,
            functionName: 'mandateHash',
            args: [mandate],
          }),
        ).toBe(hashStruct({ types: compactTypes, primaryType: 'Mandate', data: mandate }))

        await send(chainId, demoAccount, usdc, erc20Abi, 'approve', [addresses.permit2, amount])
        const sponsorBefore = await erc20Balance(chainId, usdc, demoAccount.address)
        const fillerBefore = await erc20Balance(chainId, usdc, fillerAccount.address)
        const held = await erc20Balance(chainId, usdc, ACROSS)

        // A tampered amount, a stranger's signature, the wrong arbiter, a non-filler caller: all refused.
        await expect(
          simulate(
            chainId,
            fillerAccount.address,
            ACROSS,
            arbiterAbi,
            'escrowPermit2',
            args([{ token: usdc, amount: amount + 1n }]),
          ),
        ).rejects.toThrow(/InvalidSigner/)
        await expect(
          simulate(
            chainId,
            fillerAccount.address,
            ACROSS,
            arbiterAbi,
            'escrowPermit2',
            args(typed.message.permitted, await stranger.signTypedData(typed)),
          ),
        ).rejects.toThrow(/InvalidSigner/)
        await expect(
          simulate(chainId, fillerAccount.address, ECO, arbiterAbi, 'escrowPermit2', args()),
        ).rejects.toThrow(/InvalidSigner/)
        await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'escrowPermit2', args())).rejects.toThrow(
          /only the filler/,
        )

        const receipt = await send(chainId, fillerAccount, ACROSS, artifacts.arbiter.abi, 'escrowPermit2', args())
        expect(await erc20Balance(chainId, usdc, ACROSS)).toBe(held + amount)
        expect(await erc20Balance(chainId, usdc, demoAccount.address)).toBe(sponsorBefore - amount)
        expect(await erc20Balance(chainId, usdc, fillerAccount.address)).toBe(fillerBefore)
        const [escrowed] = parseEventLogs({ abi: artifacts.arbiter.abi, logs: receipt.logs, eventName: 'Escrowed' })
        expect(escrowed!.args).toMatchObject({ sponsor: demoAccount.address, nonce, filler: fillerAccount.address })

        // The same escrow again: refused (and Permit2's nonce is spent).
        await send(chainId, demoAccount, usdc, erc20Abi, 'approve', [addresses.permit2, amount])
        await expect(
          simulate(chainId, fillerAccount.address, ACROSS, arbiterAbi, 'escrowPermit2', args()),
        ).rejects.toThrow(/already escrowed/)

        // Release: a stranger's attestation, a short delivery, another recipient, another chain, a
        // late fill, another intent: all refused; anyone may submit the real proof, the filler it names is paid.
        const mandateHashes = [hashStruct({ types: compactTypes, primaryType: 'Mandate', data: mandate })]
        const base = {
          sponsor: demoAccount.address,
          nonce,
          recipient: demoAccount.address,
          delivered: [{ token: usdcOut, amount: delivered }],
          destinationChainId: 42161n,
          mandateHashes,
        }
        const release = (a: Awaited<ReturnType<typeof attest>>) => [
          demoAccount.address,
          nonce,
          mandate,
          a.attestation,
          a.signature,
        ]
        await expect(
          simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', release(await attest(base, stranger))),
        ).rejects.toThrow(/not signed by the attester/)
        await expect(
          simulate(
            chainId,
            stranger.address,
            ACROSS,
            arbiterAbi,
            'release',
            release(await attest(base, fillerAccount)),
          ),
        ).rejects.toThrow(/not signed by the attester/)
        await expect(
          simulate(
            chainId,
            stranger.address,
            ACROSS,
            arbiterAbi,
            'release',
            release(await attest({ ...base, delivered: [{ token: usdcOut, amount: delivered - 1n }] })),
          ),
        ).rejects.toThrow(/delivered less/)
        await expect(
          simulate(
            chainId,
            stranger.address,
            ACROSS,
            arbiterAbi,
            'release',
            release(await attest({ ...base, recipient: stranger.address })),
          ),
        ).rejects.toThrow(/another recipient/)
        await expect(
          simulate(
            chainId,
            stranger.address,
            ACROSS,
            arbiterAbi,
            'release',
            release(await attest({ ...base, destinationChainId: 10n })),
          ),
        ).rejects.toThrow(/another chain/)
        await expect(
          simulate(
            chainId,
            stranger.address,
            ACROSS,
            arbiterAbi,
            'release',
            release(await attest({ ...base, fillTimestamp: mandate.target.fillExpiry + 1n })),
          ),
        ).rejects.toThrow(/after the deadline/)
        await expect(
          simulate(
            chainId,
            stranger.address,
            ACROSS,
            arbiterAbi,
            'release',
            release(await attest({ ...base, nonce: nonce + 1n })),
          ),
        ).rejects.toThrow(/another intent/)
        // A fill of another mandate (other destination calls, another deadline…) proves nothing for this one.
        const otherMandate = {
          ...mandate,
          destOps: { ...mandate.destOps, vt: pad('0x02', { dir: 'right', size: 32 }) },
        }
        const other = [hashStruct({ types: compactTypes, primaryType: 'Mandate', data: otherMandate })]
        await expect(
          simulate(
            chainId,
            stranger.address,
            ACROSS,
            arbiterAbi,
            'release',
            release(await attest({ ...base, mandateHashes: other })),
          ),
        ).rejects.toThrow(/not of this mandate/)
        await expect(
          simulate(
            chainId,
            stranger.address,
            ACROSS,
            arbiterAbi,
            'release',
            release(await attest({ ...base, mandateHashes: [] })),
          ),
        ).rejects.toThrow(/not of this mandate/)
        await expect(
          simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'refund', [demoAccount.address, nonce]),
        ).rejects.toThrow(/refund not yet due/)

        const released = await send(
          chainId,
          stranger,
          ACROSS,
          artifacts.arbiter.abi,
          'release',
          release(await attest(base)),
        )
        expect(await erc20Balance(chainId, usdc, fillerAccount.address)).toBe(fillerBefore + amount)
        expect(await erc20Balance(chainId, usdc, ACROSS)).toBe(held)
        const [paid] = parseEventLogs({ abi: artifacts.arbiter.abi, logs: released.logs, eventName: 'Released' })
        expect(paid!.args).toEqual({ sponsor: demoAccount.address, nonce, filler: fillerAccount.address })
        await expect(
          simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', release(await attest(base))),
        ).rejects.toThrow(/nothing held/)
        await expect(
          simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'refund', [demoAccount.address, nonce]),
        ).rejects.toThrow(/nothing held/)
      },
    )

    it('never records native ETH (token 0) as a Permit2 escrow: Permit2 could not have moved it', async () => {
      const { args } = await signedPermit(0x5eed0n)
      await expect(
        simulate(
          chainId,
          fillerAccount.address,
          ACROSS,
          arbiterAbi,
          'escrowPermit2',
          args([{ token: zeroAddress, amount }]),
        ),
      ).rejects.toThrow(/Permit2 moves no native ETH/)
    })

    it('returns an escrow to the sponsor at once when the filler that escrowed it asks, and only then', async () => {
      const nonce = 0x5eefn
      const { args, mandate } = await signedPermit(nonce)
      await expect(
        simulate(chainId, fillerAccount.address, ACROSS, arbiterAbi, 'returnEscrow', [demoAccount.address, nonce]),
      ).rejects.toThrow(/nothing held/)
      await send(chainId, demoAccount, usdc, erc20Abi, 'approve', [addresses.permit2, amount])
      const sponsorBefore = await erc20Balance(chainId, usdc, demoAccount.address)
      const held = await erc20Balance(chainId, usdc, ACROSS)
      const fillerBefore = await erc20Balance(chainId, usdc, fillerAccount.address)
      await send(chainId, fillerAccount, ACROSS, artifacts.arbiter.abi, 'escrowPermit2', args())
      expect(await erc20Balance(chainId, usdc, demoAccount.address)).toBe(sponsorBefore - amount)
      // Nobody but the filler that escrowed it: not the sponsor, not the attester, not a stranger.
      for (const who of [stranger.address, demoAccount.address, attesterAccount.address]) {
        await expect(
          simulate(chainId, who, ACROSS, arbiterAbi, 'returnEscrow', [demoAccount.address, nonce]),
        ).rejects.toThrow(/only the escrowing filler/)
      }
      await expect(
        simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'refund', [demoAccount.address, nonce]),
      ).rejects.toThrow(/refund not yet due/)
      const receipt = await send(chainId, fillerAccount, ACROSS, artifacts.arbiter.abi, 'returnEscrow', [
        demoAccount.address,
        nonce,
      ])
      expect(await erc20Balance(chainId, usdc, demoAccount.address)).toBe(sponsorBefore)
      expect(await erc20Balance(chainId, usdc, ACROSS)).toBe(held)
      expect(await erc20Balance(chainId, usdc, fillerAccount.address)).toBe(fillerBefore)
      const [refunded] = parseEventLogs({ abi: artifacts.arbiter.abi, logs: receipt.logs, eventName: 'Refunded' })
      expect(refunded!.args).toEqual({ sponsor: demoAccount.address, nonce, caller: fillerAccount.address })
      const [status] = await clients[chainId]!.readContract({
        address: ACROSS,
        abi: artifacts.arbiter.abi,
        functionName: 'escrowOf',
        args: [demoAccount.address, nonce],
      })
      expect(status).toBe(3)
      // Returned once: no release, refund or second return after it.
      const proof = await attest({
        sponsor: demoAccount.address,
        nonce,
        recipient: demoAccount.address,
        delivered: [{ token: usdcOut, amount: delivered }],
        destinationChainId: 42161n,
      })
      await expect(
        simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', [
          demoAccount.address,
          nonce,
          mandate,
          proof.attestation,
          proof.signature,
        ]),
      ).rejects.toThrow(/nothing held/)
      await expect(
        simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'refund', [demoAccount.address, nonce]),
      ).rejects.toThrow(/nothing held/)
      await expect(
        simulate(chainId, fillerAccount.address, ACROSS, arbiterAbi, 'returnEscrow', [demoAccount.address, nonce]),
      ).rejects.toThrow(/nothing held/)
    })

    it(
      'refunds an unproven escrow to the sponsor after the ' + 'fill deadline and the refund delay, whoever asks',
      async () => {
        const nonce = 0x5eeen
        const { args, fillDeadline } = await signedPermit(nonce)
        await send(chainId, demoAccount, usdc, erc20Abi, 'approve', [addresses.permit2, amount])
        const sponsorBefore = await erc20Balance(chainId, usdc, demoAccount.address)
        await send(chainId, fillerAccount, ACROSS, artifacts.arbiter.abi, 'escrowPermit2', args())
        expect(await erc20Balance(chainId, usdc, demoAccount.address)).toBe(sponsorBefore - amount)
        const [status, refundableAfter] = await clients[chainId]!.readContract({
          address: ACROSS,
          abi: artifacts.arbiter.abi,
          functionName: 'escrowOf',
          args: [demoAccount.address, nonce],
        })
        expect([status, refundableAfter]).toEqual([1, fillDeadline + 300n])
        await expect(
          simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'refund', [demoAccount.address, nonce]),
        ).rejects.toThrow(/refund not yet due/)
        await clients[chainId]!.setNextBlockTimestamp({ timestamp: refundableAfter + 1n })
        await clients[chainId]!.mine({ blocks: 1 })
        const receipt = await send(chainId, stranger, ACROSS, artifacts.arbiter.abi, 'refund', [
          demoAccount.address,
          nonce,
        ])
        expect(await erc20Balance(chainId, usdc, demoAccount.address)).toBe(sponsorBefore)
        expect(await erc20Balance(chainId, usdc, stranger.address)).toBe(0n)
        const [refunded] = parseEventLogs({ abi: artifacts.arbiter.abi, logs: receipt.logs, eventName: 'Refunded' })
        expect(refunded!.args).toEqual({ sponsor: demoAccount.address, nonce, caller: stranger.address })
        // Too late for a proof now, and nothing to refund twice.
        const proof = await attest({
          sponsor: demoAccount.address,
          nonce,
          recipient: demoAccount.address,
          delivered: [{ token: usdcOut, amount: delivered }],
          destinationChainId: 42161n,
        })
        await expect(
          simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', [
            demoAccount.address,
            nonce,
            (await signedPermit(nonce)).mandate,
            proof.attestation,
            proof.signature,
          ]),
        ).rejects.toThrow(/nothing held/)
        await expect(
          simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'refund', [demoAccount.address, nonce]),
        ).rejects.toThrow(/nothing held/)
      },
    )
  })

  describe('(d) fill on the destination chain', () => {
    type Target = {
      recipient: Address
      tokenOut: { token: Address; amount: bigint }[]
      targetChain: bigint
      fillExpiry: bigint
    }
    const mandateOf = (target: Target) => ({
      target,
      minGas: 0n,
      originOps: emptyOp,
      destOps: emptyOp,
      q: pad('0x00', { size: 32 }),
    })
    const chainId = 8453
    const recipient = getAddress('0x00000000000000000000000000000000fee1d003')
    const usdc = token(chainId, 'USDC')
    const weth = token(chainId, 'WETH')

    it('delivers every ERC-20 and native tokenOut to the recipient exactly once', async () => {
      const client = clients[chainId]!
      const fillExpiry = (await now(chainId)) + 600n
      const target = {
        recipient,
        tokenOut: [
          { token: usdc, amount: parseUnits('123.456789', 6) },
          { token: weth, amount: parseEther('0.75') },
          { token: zeroAddress, amount: parseEther('0.5') },
          { token: zeroAddress, amount: parseEther('0.25') },
        ],
        targetChain: BigInt(chainId),
        fillExpiry,
      }
      // Two elements' mandates share the delivery; the fill records each one's hash.
      const mandates = [
        mandateOf({ ...target, tokenOut: target.tokenOut.slice(0, 2) }),
        mandateOf({ ...target, tokenOut: target.tokenOut.slice(2) }),
      ]
      const mandateHashes = mandates.map((m) => hashStruct({ types: compactTypes, primaryType: 'Mandate', data: m }))
      const nonce = 42n
      await send(chainId, fillerAccount, usdc, erc20Abi, 'approve', [ECO, parseUnits('1000', 6)])
      await send(chainId, fillerAccount, weth, erc20Abi, 'approve', [ECO, parseEther('1')])
      const fillerUsdc = await erc20Balance(chainId, usdc, fillerAccount.address)
      const fillerWeth = await erc20Balance(chainId, weth, fillerAccount.address)

      await expect(
        simulate(
          chainId,
          fillerAccount.address,
          ECO,
          artifacts.arbiter.abi,
          'fill',
          [demoAccount.address, nonce, mandates],
          parseEther('0.5'),
        ),
      ).rejects.toThrow(/msg.value is not the native total/)
      await expect(
        simulate(
          chainId,
          fillerAccount.address,
          ECO,
          artifacts.arbiter.abi,
          'fill',
          [demoAccount.address, nonce, [mandates[0], mandateOf({ ...target, targetChain: 10n })]],
          parseEther('0.75'),
        ),
      ).rejects.toThrow(/wrong chain/)
      const elsewhere = mandateOf({ ...target, recipient: stranger.address, tokenOut: [] })
      await expect(
        simulate(
          chainId,
          fillerAccount.address,
          ECO,
          artifacts.arbiter.abi,
          'fill',
          [demoAccount.address, nonce, [...mandates, elsewhere]],
          parseEther('0.75'),
        ),
      ).rejects.toThrow(/different recipients/)
      await expect(
        simulate(chainId, stranger.address, ECO, artifacts.arbiter.abi, 'fill', [demoAccount.address, nonce, mandates]),
      ).rejects.toThrow(/only the filler/)

      const receipt = await send(
        chainId,
        fillerAccount,
        ECO,
        artifacts.arbiter.abi,
        'fill',
        [demoAccount.address, nonce, mandates],
        parseEther('0.75'),
      )
      expect(await erc20Balance(chainId, usdc, recipient)).toBe(parseUnits('123.456789', 6))
      expect(await erc20Balance(chainId, weth, recipient)).toBe(parseEther('0.75'))
      expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.75'))
      expect(await client.getBalance({ address: ECO })).toBe(0n)
      expect(await erc20Balance(chainId, usdc, fillerAccount.address)).toBe(fillerUsdc - parseUnits('123.456789', 6))
      expect(await erc20Balance(chainId, weth, fillerAccount.address)).toBe(fillerWeth - parseEther('0.75'))
      const [filled] = parseEventLogs({ abi: artifacts.arbiter.abi, logs: receipt.logs, eventName: 'Filled' })
      expect(filled!.args).toEqual({
        sponsor: demoAccount.address,
        nonce,
        recipient,
        filler: fillerAccount.address,
        delivered: target.tokenOut,
        fillExpiry,
        mandateHashes,
      })
      expect(
        await client.readContract({
          address: ECO,
          abi: artifacts.arbiter.abi,
          functionName: 'filled',
          args: [demoAccount.address, nonce],
        }),
      ).toBe(true)

      await expect(
        simulate(
          chainId,
          fillerAccount.address,
          ECO,
          artifacts.arbiter.abi,
          'fill',
          [demoAccount.address, nonce, mandates],
          parseEther('0.75'),
        ),
      ).rejects.toThrow(/already filled/)
      // The other filler key cannot fill it again either: the record is per arbiter, not per filler.
      await expect(
        simulate(
          chainId,
          secondFillerAccount.address,
          ECO,
          artifacts.arbiter.abi,
          'fill',
          [demoAccount.address, nonce, mandates],
          parseEther('0.75'),
        ),
      ).rejects.toThrow(/already filled/)
      // Another arbiter keeps its own record.
      expect(
        await client.readContract({
          address: ACROSS,
          abi: artifacts.arbiter.abi,
          functionName: 'filled',
          args: [demoAccount.address, nonce],
        }),
      ).toBe(false)
    })

    it('takes a fill from the second filler key, which the Filled event names', async () => {
      const target = {
        recipient,
        tokenOut: [{ token: zeroAddress, amount: parseEther('0.1') }],
        targetChain: BigInt(chainId),
        fillExpiry: (await now(chainId)) + 600n,
      }
      const before = await clients[chainId]!.getBalance({ address: recipient })
      const receipt = await send(
        chainId,
        secondFillerAccount,
        ECO,
        artifacts.arbiter.abi,
        'fill',
        [demoAccount.address, 43n, [mandateOf(target)]],
        parseEther('0.1'),
      )
      expect(await clients[chainId]!.getBalance({ address: recipient })).toBe(before + parseEther('0.1'))
      const [filled] = parseEventLogs({ abi: artifacts.arbiter.abi, logs: receipt.logs, eventName: 'Filled' })
      expect(filled!.args.filler).toBe(secondFillerAccount.address)
    })

    it('refuses an expired fill', async () => {
      const chain = 1
      const client = clients[chain]!
      const target = { recipient, tokenOut: [], targetChain: 1n, fillExpiry: (await now(chain)) - 1n }
      await expect(
        simulate(chain, fillerAccount.address, ECO, artifacts.arbiter.abi, 'fill', [
          demoAccount.address,
          1n,
          [mandateOf(target)],
        ]),
      ).rejects.toThrow(/fill expired/)
      expect(await client.getBalance({ address: recipient })).toBe(0n)
    })
  })
})
