// Settlement on the embedded devnet: real Permit2 at its canonical address, PERMIT2 and COMPACT
// claims through the devnet arbiters with on-chain signature checks, and destination fills.
// Starts its own devnet (viem only), so it needs no app and no database.
import {
  type Address,
  type Chain,
  erc20Abi,
  getAddress,
  getContractAddress,
  getTypesForEIP712Domain,
  type Hex,
  hashDomain,
  hashStruct,
  isAddressEqual,
  pad,
  parseEther,
  parseEventLogs,
  parseSignature,
  parseUnits,
  serializeCompactSignature,
  signatureToCompactSignature,
  size,
  type TypedDataDomain,
  zeroAddress,
} from 'viem'
import { type HDAccount, mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addresses } from '../core/addresses'
import { getChain } from '../core/chains/chains'
import type { WireElement, WireIntentOp } from '../core/intentOp/intentOp'
import { compactTypedData, compactTypes, mandateWitnessTypestring, permit2TypedData } from '../core/intentOp/typedData'
import { defaultAllocator, defaultLockTag } from '../core/locks/defaultLockTag'
import { allocatorId, lockId } from '../core/locks/lockId'
import { arbiterAddresses } from '../core/route/settlementLayers'
import { attestationTypedData, type FillAttestation } from '../core/settlement/attestation'
import { findTokenBySymbol } from '../core/tokens/tokens'
import * as artifacts from './contracts/artifacts'
import { permit2CreationCode } from './contracts/permit2'
import { attesterAccount, demoAccount, devnetMnemonic, fillerAccount, operatorAddress } from './demoAccount'
import { createDevnetClient, type DevnetClient, mined } from './devnetClient'
import { type Devnet, startDevnet } from './startDevnet'

const SAME_CHAIN = '0x000000000006e2569CaF8Ff021810790e0A0D740' as const
const ACROSS = '0xA162fabb9a0EeF2736485A587aAAB3d015e14224' as const
const ECO = '0x2e7627CCfAe4eDb336eEb5a70f08415B0F1a2b8C' as const
/** Not the sponsor: signs where a wrong signer is needed. */
const stranger = mnemonicToAccount(devnetMnemonic, { addressIndex: 7 })

const permit2Errors = [
  { type: 'error', name: 'InvalidNonce', inputs: [] },
  { type: 'error', name: 'InvalidSigner', inputs: [] },
  { type: 'error', name: 'InvalidSignature', inputs: [] },
  { type: 'error', name: 'SignatureExpired', inputs: [{ name: 'signatureDeadline', type: 'uint256' }] },
] as const
const arbiterAbi = [...artifacts.arbiter.abi, ...permit2Errors] as const
const balanceOfAbi = erc20Abi

let devnet: Devnet
const clients: Record<number, DevnetClient> = {}

beforeAll(async () => {
  devnet = await startDevnet()
  for (const [chainId, url] of Object.entries(devnet.rpcUrls)) {
    clients[Number(chainId)] = createDevnetClient(url, getChain(Number(chainId))!.viem as Chain)
  }
}, 180_000)

afterAll(async () => {
  await devnet?.stop()
}, 30_000)

const chainOf = (chainId: number) => getChain(chainId)!.viem as Chain
const token = (chainId: number, symbol: string) => findTokenBySymbol(chainId, symbol)!.address
const now = async (chainId: number) => (await clients[chainId]!.getBlock()).timestamp

/** A transaction signed locally by `account` (demo, filler, stranger), mined, success required. */
async function send(chainId: number, account: HDAccount, address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[], value?: bigint) {
  const client = clients[chainId]!
  return mined(client, client.writeContract({ address, abi, functionName, args, value, account, chain: chainOf(chainId) } as never))
}

/** The same call simulated (eth_call): resolves with the result or rejects with the revert reason. */
function simulate(chainId: number, account: Address, address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[], value?: bigint) {
  return clients[chainId]!.simulateContract({ address, abi, functionName, args, value, account } as never)
}

/** Operator transactions (an unlocked anvil account). */
function asOperator(chainId: number, address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[], value?: bigint) {
  const client = clients[chainId]!
  return mined(client, client.writeContract({ address, abi, functionName, args, value, account: operatorAddress, chain: chainOf(chainId) } as never))
}

const erc20Balance = (chainId: number, tokenAddress: Address, owner: Address) => clients[chainId]!.readContract({ address: tokenAddress, abi: balanceOfAbi, functionName: 'balanceOf', args: [owner] })
const lockBalance = (chainId: number, owner: Address, id: bigint) =>
  clients[chainId]!.readContract({ address: addresses.theCompact, abi: artifacts.resourceLocks.abi, functionName: 'balanceOf', args: [owner, id] })

/** viem's EIP-712 domain separator for a Permit2 domain (name, chainId, verifyingContract). */
function permit2DomainSeparator(domain: TypedDataDomain): Hex {
  return hashDomain({ domain, types: { EIP712Domain: getTypesForEIP712Domain({ domain }) } } as Parameters<typeof hashDomain>[0])
}

/** A FillAttestation of a delivery to `recipient` on `destinationChainId`, signed by `signer` (the attester unless said). */
async function attest(p: Partial<FillAttestation> & Pick<FillAttestation, 'sponsor' | 'nonce' | 'recipient' | 'delivered' | 'destinationChainId'>, signer: HDAccount = attesterAccount) {
  const attestation: FillAttestation = { filler: fillerAccount.address, destinationArbiter: ECO, fillBlock: 1n, fillTimestamp: 1n, ...p }
  return { attestation, signature: await signer.signTypedData(attestationTypedData(attestation)) }
}

const emptyOp = { vt: pad('0x01', { dir: 'right', size: 32 }), ops: [] }

function element(p: {
  arbiter: Address
  chainId: number
  idsAndAmounts: [bigint, bigint][]
  recipient: Address
  tokenOut: [Address, bigint][]
  destinationChainId: number
  fillDeadline: bigint
}): WireElement {
  const pairs = p.idsAndAmounts.map(([id, amount]): [string, string] => [id.toString(), amount.toString()])
  return {
    arbiter: p.arbiter,
    chainId: String(p.chainId),
    idsAndAmounts: pairs,
    spendTokens: pairs,
    mandate: {
      recipient: p.recipient,
      tokenOut: p.tokenOut.map(([t, amount]): [string, string] => [BigInt(t).toString(), amount.toString()]),
      destinationChainId: String(p.destinationChainId),
      fillDeadline: p.fillDeadline.toString(),
      preClaimOps: emptyOp,
      destinationOps: {
        vt: pad('0x00', { dir: 'right', size: 32 }),
        ops: [{ to: p.recipient, value: '0', data: '0xdeadbeef' }],
      },
      qualifier: {
        settlementContext: { settlementLayer: 'ACROSS', using7579: false, fundingMethod: 'COMPACT' },
        encodedVal: '0x1234',
      },
      minGas: '100000',
    },
  }
}

describe('devnet settlement', () => {
  describe('(a) real Permit2', () => {
    it.each([1, 10, 8453, 42161])('is at its canonical address on chain %i with its real domain separator', async (chainId) => {
      const client = clients[chainId]!
      const deployed = (await client.getCode({ address: addresses.permit2 }))!
      const separator = await client.readContract({
        address: addresses.permit2,
        abi: [{ type: 'function', name: 'DOMAIN_SEPARATOR', stateMutability: 'view', inputs: [], outputs: [{ type: 'bytes32' }] }],
        functionName: 'DOMAIN_SEPARATOR',
      })
      const domain = { name: 'Permit2', chainId, verifyingContract: addresses.permit2 }
      expect(separator).toBe(permit2DomainSeparator(domain))

      // The package's creation code, run at another address (an eth_call creation from the
      // operator), yields the same runtime code up to Permit2's cached domain separator, an
      // immutable that names the contract's own address.
      const elsewhere = getContractAddress({ from: operatorAddress, nonce: BigInt(await client.getTransactionCount({ address: operatorAddress })) })
      const { data: simulated } = await client.call({ account: operatorAddress, data: permit2CreationCode })
      const elsewhereSeparator = permit2DomainSeparator({ ...domain, verifyingContract: elsewhere })
      expect(simulated!.includes(elsewhereSeparator.slice(2))).toBe(true)
      expect(deployed).toBe(simulated!.replaceAll(elsewhereSeparator.slice(2), separator.slice(2)))
    })
  })

  describe('placement', () => {
    it.each([1, 10, 8453, 42161])('chain %i: allocator registered, every arbiter knows the filler and the attester', async (chainId) => {
      const client = clients[chainId]!
      expect(fillerAccount.address).toBe(devnet.fillerAddress)
      const registered = await client.readContract({
        address: addresses.theCompact,
        abi: artifacts.resourceLocks.abi,
        functionName: 'allocators',
        args: [allocatorId(defaultAllocator)],
      })
      expect(isAddressEqual(registered, defaultAllocator)).toBe(true)
      const onChainId = await client.readContract({ address: addresses.theCompact, abi: artifacts.resourceLocks.abi, functionName: 'allocatorIdOf', args: [defaultAllocator] })
      expect(onChainId).toBe(allocatorId(defaultAllocator))
      for (const arbiter of arbiterAddresses) {
        expect(await client.readContract({ address: arbiter, abi: artifacts.arbiter.abi, functionName: 'filler' })).toBe(fillerAccount.address)
        expect(await client.readContract({ address: arbiter, abi: artifacts.arbiter.abi, functionName: 'attester' })).toBe(attesterAccount.address)
      }
      await expect(simulate(chainId, operatorAddress, ACROSS, artifacts.arbiter.abi, 'initialize', [operatorAddress, stranger.address])).rejects.toThrow(/already initialized/)
      expect(await client.getBalance({ address: fillerAccount.address })).toBe(parseEther('1000'))
      expect(await erc20Balance(chainId, token(chainId, 'USDC'), fillerAccount.address)).toBe(parseUnits('10000000', 6))
      expect(await erc20Balance(chainId, token(chainId, 'WETH'), fillerAccount.address)).toBe(parseEther('10000'))
    })

    it('computes allocator ids as lockId.ts does', async () => {
      const client = clients[1]!
      for (const a of [defaultAllocator, '0x0000000000000000000000000000000000000001', '0x00001234567890abcdef1234567890abcdef1234', '0x0000000000000000000000000000abcdef123456'] as Address[]) {
        expect(await client.readContract({ address: addresses.theCompact, abi: artifacts.resourceLocks.abi, functionName: 'allocatorIdOf', args: [a] })).toBe(allocatorId(a))
      }
    })
  })

  describe('(b) PERMIT2 escrow on Base: released against an attestation, or refunded', () => {
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
      const args = (p = typed.message.permitted, sig: Hex = signature) => [demoAccount.address, nonce, expires, p, typed.message.mandate, sig]
      return { typed, signature, args, mandate: typed.message.mandate, fillDeadline }
    }

    it("escrows exactly the signed amount, once, only with the sponsor's signature, and pays the filler only against the attester's proof", async () => {
      const nonce = 0x5eedn
      const { typed, args, mandate } = await signedPermit(nonce)

      // The arbiter's EIP-712 Mandate hash is viem's.
      expect(await clients[chainId]!.readContract({ address: ACROSS, abi: artifacts.arbiter.abi, functionName: 'mandateHash', args: [mandate] })).toBe(
        hashStruct({ types: compactTypes, primaryType: 'Mandate', data: mandate }),
      )

      await send(chainId, demoAccount, usdc, erc20Abi, 'approve', [addresses.permit2, amount])
      const sponsorBefore = await erc20Balance(chainId, usdc, demoAccount.address)
      const fillerBefore = await erc20Balance(chainId, usdc, fillerAccount.address)
      const held = await erc20Balance(chainId, usdc, ACROSS)

      // A tampered amount, a stranger's signature, the wrong arbiter, a non-filler caller: all refused.
      await expect(simulate(chainId, fillerAccount.address, ACROSS, arbiterAbi, 'escrowPermit2', args([{ token: usdc, amount: amount + 1n }]))).rejects.toThrow(/InvalidSigner/)
      await expect(simulate(chainId, fillerAccount.address, ACROSS, arbiterAbi, 'escrowPermit2', args(typed.message.permitted, await stranger.signTypedData(typed)))).rejects.toThrow(/InvalidSigner/)
      await expect(simulate(chainId, fillerAccount.address, ECO, arbiterAbi, 'escrowPermit2', args())).rejects.toThrow(/InvalidSigner/)
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'escrowPermit2', args())).rejects.toThrow(/only the filler/)

      const receipt = await send(chainId, fillerAccount, ACROSS, artifacts.arbiter.abi, 'escrowPermit2', args())
      expect(await erc20Balance(chainId, usdc, ACROSS)).toBe(held + amount)
      expect(await erc20Balance(chainId, usdc, demoAccount.address)).toBe(sponsorBefore - amount)
      expect(await erc20Balance(chainId, usdc, fillerAccount.address)).toBe(fillerBefore)
      const [escrowed] = parseEventLogs({ abi: artifacts.arbiter.abi, logs: receipt.logs, eventName: 'Escrowed' })
      expect(escrowed!.args).toMatchObject({ sponsor: demoAccount.address, nonce, filler: fillerAccount.address })

      // The same escrow again: refused (and Permit2's nonce is spent).
      await send(chainId, demoAccount, usdc, erc20Abi, 'approve', [addresses.permit2, amount])
      await expect(simulate(chainId, fillerAccount.address, ACROSS, arbiterAbi, 'escrowPermit2', args())).rejects.toThrow(/already escrowed/)

      // Release: a stranger's attestation, a short delivery, another recipient, another chain, a
      // late fill, another intent: all refused; anyone may submit the real proof, the filler it names is paid.
      const base = { sponsor: demoAccount.address, nonce, recipient: demoAccount.address, delivered: [{ token: usdcOut, amount: delivered }], destinationChainId: 42161n }
      const release = (a: Awaited<ReturnType<typeof attest>>) => [demoAccount.address, nonce, mandate, a.attestation, a.signature]
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', release(await attest(base, stranger)))).rejects.toThrow(/not signed by the attester/)
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', release(await attest(base, fillerAccount)))).rejects.toThrow(/not signed by the attester/)
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', release(await attest({ ...base, delivered: [{ token: usdcOut, amount: delivered - 1n }] })))).rejects.toThrow(
        /delivered less/,
      )
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', release(await attest({ ...base, recipient: stranger.address })))).rejects.toThrow(/another recipient/)
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', release(await attest({ ...base, destinationChainId: 10n })))).rejects.toThrow(/another chain/)
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', release(await attest({ ...base, fillTimestamp: mandate.target.fillExpiry + 1n })))).rejects.toThrow(
        /after the deadline/,
      )
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', release(await attest({ ...base, nonce: nonce + 1n })))).rejects.toThrow(/another intent/)
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'refund', [demoAccount.address, nonce])).rejects.toThrow(/refund not yet due/)

      const released = await send(chainId, stranger, ACROSS, artifacts.arbiter.abi, 'release', release(await attest(base)))
      expect(await erc20Balance(chainId, usdc, fillerAccount.address)).toBe(fillerBefore + amount)
      expect(await erc20Balance(chainId, usdc, ACROSS)).toBe(held)
      const [paid] = parseEventLogs({ abi: artifacts.arbiter.abi, logs: released.logs, eventName: 'Released' })
      expect(paid!.args).toEqual({ sponsor: demoAccount.address, nonce, filler: fillerAccount.address })
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', release(await attest(base)))).rejects.toThrow(/nothing held/)
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'refund', [demoAccount.address, nonce])).rejects.toThrow(/nothing held/)
    })

    it('refunds an unproven escrow to the sponsor after the fill deadline and the refund delay, whoever asks', async () => {
      const nonce = 0x5eeen
      const { args, fillDeadline } = await signedPermit(nonce)
      await send(chainId, demoAccount, usdc, erc20Abi, 'approve', [addresses.permit2, amount])
      const sponsorBefore = await erc20Balance(chainId, usdc, demoAccount.address)
      await send(chainId, fillerAccount, ACROSS, artifacts.arbiter.abi, 'escrowPermit2', args())
      expect(await erc20Balance(chainId, usdc, demoAccount.address)).toBe(sponsorBefore - amount)
      const [status, refundableAfter] = await clients[chainId]!.readContract({ address: ACROSS, abi: artifacts.arbiter.abi, functionName: 'escrowOf', args: [demoAccount.address, nonce] })
      expect([status, refundableAfter]).toEqual([1, fillDeadline + 300n])
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'refund', [demoAccount.address, nonce])).rejects.toThrow(/refund not yet due/)
      await clients[chainId]!.setNextBlockTimestamp({ timestamp: refundableAfter + 1n })
      await clients[chainId]!.mine({ blocks: 1 })
      const receipt = await send(chainId, stranger, ACROSS, artifacts.arbiter.abi, 'refund', [demoAccount.address, nonce])
      expect(await erc20Balance(chainId, usdc, demoAccount.address)).toBe(sponsorBefore)
      expect(await erc20Balance(chainId, usdc, stranger.address)).toBe(0n)
      const [refunded] = parseEventLogs({ abi: artifacts.arbiter.abi, logs: receipt.logs, eventName: 'Refunded' })
      expect(refunded!.args).toEqual({ sponsor: demoAccount.address, nonce, caller: stranger.address })
      // Too late for a proof now, and nothing to refund twice.
      const proof = await attest({ sponsor: demoAccount.address, nonce, recipient: demoAccount.address, delivered: [{ token: usdcOut, amount: delivered }], destinationChainId: 42161n })
      await expect(
        simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'release', [demoAccount.address, nonce, (await signedPermit(nonce)).mandate, proof.attestation, proof.signature]),
      ).rejects.toThrow(/nothing held/)
      await expect(simulate(chainId, stranger.address, ACROSS, arbiterAbi, 'refund', [demoAccount.address, nonce])).rejects.toThrow(/nothing held/)
    })
  })

  describe('(c) COMPACT claim of a two-element multichain compact (10 → 42161)', () => {
    const claimant = getAddress('0x00000000000000000000000000000000c1a1cc02')
    let proof: Awaited<ReturnType<typeof attest>>
    const usdc10 = token(10, 'USDC')
    const usdc42161 = token(42161, 'USDC')
    const idUsdc10 = lockId(defaultLockTag, usdc10)
    const idUsdc42161 = lockId(defaultLockTag, usdc42161)
    const idEth42161 = lockId(defaultLockTag, zeroAddress)
    const nonce = 0xc0ffeen

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
          claims: message.commitments.map((l) => ({ id: lockId(l.lockTag, l.token), allocatedAmount: l.amount, portions: [{ claimant: BigInt(to), amount: l.amount }] })),
          additionalChains: elementHashes.filter((_, i) => i !== index),
        }
        return index === 0 ? base : { ...base, chainIndex: BigInt(index - 1), notarizedChainId: 10n }
      }
      /** The arbiter's claim of element `index`, as payload `p`, against `a` (the attestation). */
      const claimCall = (index: number, p: ReturnType<typeof payload> = payload(index), a: { attestation: FillAttestation; signature: Hex } = proof) =>
        [index === 0 ? 'claimCompact' : 'claimCompactExogenous', [p, messages[index]!.mandate, a.attestation, a.signature]] as const
      const claimArgs = (index: number, sig: Hex = signature) => claimCall(index, payload(index, sig))
      return { typed, signature, elementHashes, messages, expires, payload, claimCall, claimArgs }
    }

    beforeAll(async () => {
      // The fill the attester saw: 248 USDC to the demo account on 42161, by `claimant` as filler.
      proof = await attest({
        sponsor: demoAccount.address,
        nonce,
        recipient: demoAccount.address,
        delivered: [{ token: usdc42161, amount: parseUnits('248', 6) }],
        destinationChainId: 42161n,
        filler: claimant,
      })
      // Lock ETH and USDC for the demo account on 42161, from the operator (the demo account's
      // 500 USDC on 10 are already locked by the seed).
      await asOperator(42161, addresses.theCompact, artifacts.resourceLocks.abi, 'depositNative', [defaultLockTag, demoAccount.address], parseEther('0.3'))
      await asOperator(42161, usdc42161, artifacts.devToken.abi, 'mint', [operatorAddress, parseUnits('75', 6)])
      await asOperator(42161, usdc42161, erc20Abi, 'approve', [addresses.theCompact, parseUnits('75', 6)])
      await asOperator(42161, addresses.theCompact, artifacts.resourceLocks.abi, 'depositERC20', [usdc42161, defaultLockTag, parseUnits('75', 6), demoAccount.address])
    }, 60_000)

    it('hashes the mandate as viem does', async () => {
      const { messages } = await signedCompact(demoAccount)
      const mandateHash = await clients[42161]!.readContract({ address: SAME_CHAIN, abi: artifacts.arbiter.abi, functionName: 'mandateHash', args: [messages[1]!.mandate] })
      expect(mandateHash).toBe(hashStruct({ types: compactTypes, primaryType: 'Mandate', data: messages[1]!.mandate }))
    })

    it('claims element 1 on 42161 (exogenous) and element 0 on 10 (notarized), each exactly once', async () => {
      const good = await signedCompact(demoAccount)
      const bad = await signedCompact(stranger)

      // Element 1 on Arbitrum: wrong signer, wrong arbiter, wrong element, a direct call, a forged
      // or short proof, a payout to someone else: refused.
      const sim = (chainId: number, from: Address, arbiter: Address, [fn, args]: ReturnType<typeof good.claimCall>) => simulate(chainId, from, arbiter, arbiterAbi, fn, args)
      await expect(sim(42161, fillerAccount.address, SAME_CHAIN, good.claimArgs(1, bad.signature))).rejects.toThrow(/invalid sponsor signature/)
      await expect(sim(42161, fillerAccount.address, ACROSS, good.claimArgs(1))).rejects.toThrow(/invalid sponsor signature/)
      await expect(sim(42161, fillerAccount.address, SAME_CHAIN, good.claimCall(0))).rejects.toThrow(/invalid sponsor signature/)
      await expect(sim(42161, fillerAccount.address, SAME_CHAIN, good.claimCall(1, { ...good.payload(1), witness: good.payload(0).witness }))).rejects.toThrow(/witness is not the mandate/)
      const forged = await attest({ ...proof.attestation }, stranger)
      await expect(sim(42161, stranger.address, SAME_CHAIN, good.claimCall(1, good.payload(1), forged))).rejects.toThrow(/not signed by the attester/)
      const short = await attest({ ...proof.attestation, delivered: [{ token: usdc42161, amount: parseUnits('48', 6) }] })
      await expect(sim(42161, stranger.address, SAME_CHAIN, good.claimCall(1, good.payload(1), short))).rejects.toThrow(/delivered less/)
      await expect(sim(42161, stranger.address, SAME_CHAIN, good.claimCall(1, good.payload(1, good.signature, stranger.address)))).rejects.toThrow(/someone other than the proven filler/)
      await expect(simulate(42161, fillerAccount.address, addresses.theCompact, artifacts.resourceLocks.abi, 'exogenousBatchClaim', [good.payload(1)])).rejects.toThrow(/invalid sponsor signature/) // called directly, the caller is not the signed arbiter

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
      expect(await clients[42161]!.getBalance({ address: addresses.theCompact })).toBe(compactEthBefore - parseEther('0.1'))
      const claimHash = hashStruct({ types: compactTypes, primaryType: 'MultichainCompact', data: good.typed.message })
      const [claim] = parseEventLogs({ abi: artifacts.resourceLocks.abi, logs: receipt.logs, eventName: 'Claim' })
      expect(claim!.args).toEqual({ sponsor: demoAccount.address, allocator: getAddress(defaultAllocator), arbiter: SAME_CHAIN, claimHash, nonce })
      const [approved] = parseEventLogs({ abi: artifacts.allocator.abi, logs: receipt.logs, eventName: 'ClaimAuthorized' })
      expect(approved!.args).toMatchObject({ claimHash, arbiter: SAME_CHAIN, sponsor: demoAccount.address, nonce })
      const consumed = (chainId: number) =>
        clients[chainId]!.readContract({ address: addresses.theCompact, abi: artifacts.resourceLocks.abi, functionName: 'hasConsumedAllocatorNonce', args: [nonce, defaultAllocator] })
      expect(await consumed(42161)).toBe(true)

      // Replay on 42161.
      await expect(sim(42161, fillerAccount.address, SAME_CHAIN, good.claimArgs(1))).rejects.toThrow(/nonce already used/)

      // Element 0 on OP Mainnet, the notarized chain, from the seeded 500 locked USDC.
      expect(await consumed(10)).toBe(false)
      await expect(sim(10, fillerAccount.address, ACROSS, good.claimArgs(0, bad.signature))).rejects.toThrow(/invalid sponsor signature/)
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
      const intentOp = {
        sponsor: demoAccount.address,
        nonce: '7',
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
      const hashes = typed.message.elements.map((e) => hashStruct({ types: compactTypes, primaryType: 'Element', data: e }))
      const none = await attest({ sponsor: demoAccount.address, nonce: 7n, recipient: demoAccount.address, delivered: [], destinationChainId: 42161n, filler: claimant })
      const commitments = typed.message.elements[0]!.commitments
      const args = [
        {
          allocatorData: '0x' as Hex,
          sponsorSignature: signature,
          sponsor: demoAccount.address,
          nonce: 7n,
          expires: base.expires,
          witness: hashStruct({ types: compactTypes, primaryType: 'Mandate', data: typed.message.elements[0]!.mandate }),
          witnessTypestring: mandateWitnessTypestring,
          claims: commitments.map((l) => ({ id: lockId(l.lockTag, l.token), allocatedAmount: l.amount, portions: [{ claimant: BigInt(claimant), amount: l.amount }] })),
          additionalChains: [],
        },
        typed.message.elements[0]!.mandate,
        none.attestation,
        none.signature,
      ]
      expect(hashes).toHaveLength(1)
      await expect(simulate(42161, fillerAccount.address, SAME_CHAIN, arbiterAbi, 'claimCompact', args)).rejects.toThrow(/insufficient balance/)
      await client.increaseTime({ seconds: 7200 })
      await client.mine({ blocks: 1 })
      await expect(simulate(42161, fillerAccount.address, SAME_CHAIN, arbiterAbi, 'claimCompact', args)).rejects.toThrow(/compact expired/)
    })
  })

  describe('(e) locks that lock', () => {
    const chainId = 10
    const id = lockId(defaultLockTag, token(10, 'USDC'))
    const lockAbi = artifacts.resourceLocks.abi

    it("a locked balance nothing is allocated against moves by transfer and by an operator, with the allocator's attestation", async () => {
      await clients[chainId]!.setBalance({ address: stranger.address, value: parseEther('1') })
      const before = await lockBalance(chainId, demoAccount.address, id)
      expect(before).toBeGreaterThan(0n)
      expect(await clients[chainId]!.readContract({ address: defaultAllocator, abi: artifacts.allocator.abi, functionName: 'outstanding', args: [demoAccount.address, id] })).toBe(0n)
      await send(chainId, demoAccount, addresses.theCompact, lockAbi, 'transfer', [stranger.address, id, 1n])
      await send(chainId, demoAccount, addresses.theCompact, lockAbi, 'setOperator', [stranger.address, true])
      await send(chainId, stranger, addresses.theCompact, lockAbi, 'transferFrom', [stranger.address, demoAccount.address, id, 1n])
      await send(chainId, stranger, addresses.theCompact, lockAbi, 'transferFrom', [demoAccount.address, stranger.address, id, 1n])
      await send(chainId, demoAccount, addresses.theCompact, lockAbi, 'setOperator', [stranger.address, false])
      await send(chainId, stranger, addresses.theCompact, lockAbi, 'transfer', [demoAccount.address, id, 1n])
      expect(await lockBalance(chainId, demoAccount.address, id)).toBe(before)
      // Only the lock contract may ask the allocator.
      await expect(simulate(chainId, stranger.address, defaultAllocator, artifacts.allocator.abi, 'attest', [stranger.address, demoAccount.address, stranger.address, id, 1n])).rejects.toThrow(
        /only the lock contract/,
      )
    })

    it("the sponsor's own exit: a forced withdrawal, only once the lock's reset period has passed", async () => {
      const client = clients[chainId]!
      const before = await lockBalance(chainId, demoAccount.address, id)
      const usdcBefore = await erc20Balance(chainId, token(10, 'USDC'), demoAccount.address)
      expect(await client.readContract({ address: addresses.theCompact, abi: artifacts.resourceLocks.abi, functionName: 'resetPeriodSeconds', args: [id] })).toBe(612_000n) // 7 days 1 h
      await expect(simulate(chainId, demoAccount.address, addresses.theCompact, lockAbi, 'forcedWithdrawal', [id, demoAccount.address, 1n])).rejects.toThrow(/forced withdrawal not available/)
      await send(chainId, demoAccount, addresses.theCompact, artifacts.resourceLocks.abi, 'enableForcedWithdrawal', [id])
      const [status, at] = await client.readContract({ address: addresses.theCompact, abi: artifacts.resourceLocks.abi, functionName: 'getForcedWithdrawalStatus', args: [demoAccount.address, id] })
      expect(status).toBe(1)
      expect(at).toBe((await now(chainId)) + 612_000n)
      await expect(simulate(chainId, demoAccount.address, addresses.theCompact, lockAbi, 'forcedWithdrawal', [id, demoAccount.address, 1n])).rejects.toThrow(/forced withdrawal not available/)
      await client.setNextBlockTimestamp({ timestamp: at })
      await client.mine({ blocks: 1 })
      await send(chainId, demoAccount, addresses.theCompact, artifacts.resourceLocks.abi, 'forcedWithdrawal', [id, demoAccount.address, parseUnits('10', 6)])
      expect(await lockBalance(chainId, demoAccount.address, id)).toBe(before - parseUnits('10', 6))
      expect(await erc20Balance(chainId, token(10, 'USDC'), demoAccount.address)).toBe(usdcBefore + parseUnits('10', 6))
      await send(chainId, demoAccount, addresses.theCompact, artifacts.resourceLocks.abi, 'disableForcedWithdrawal', [id])
      expect(await client.readContract({ address: addresses.theCompact, abi: artifacts.resourceLocks.abi, functionName: 'getForcedWithdrawalStatus', args: [demoAccount.address, id] })).toEqual([
        0,
        0n,
      ])
    })
  })

  describe('(d) fill on the destination chain', () => {
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
      const nonce = 42n
      await send(chainId, fillerAccount, usdc, erc20Abi, 'approve', [ECO, parseUnits('1000', 6)])
      await send(chainId, fillerAccount, weth, erc20Abi, 'approve', [ECO, parseEther('1')])
      const fillerUsdc = await erc20Balance(chainId, usdc, fillerAccount.address)
      const fillerWeth = await erc20Balance(chainId, weth, fillerAccount.address)

      await expect(simulate(chainId, fillerAccount.address, ECO, artifacts.arbiter.abi, 'fill', [demoAccount.address, nonce, target], parseEther('0.5'))).rejects.toThrow(
        /msg.value is not the native total/,
      )
      await expect(simulate(chainId, fillerAccount.address, ECO, artifacts.arbiter.abi, 'fill', [demoAccount.address, nonce, { ...target, targetChain: 10n }], parseEther('0.75'))).rejects.toThrow(
        /wrong chain/,
      )
      await expect(simulate(chainId, stranger.address, ECO, artifacts.arbiter.abi, 'fill', [demoAccount.address, nonce, target])).rejects.toThrow(/only the filler/)

      const receipt = await send(chainId, fillerAccount, ECO, artifacts.arbiter.abi, 'fill', [demoAccount.address, nonce, target], parseEther('0.75'))
      expect(await erc20Balance(chainId, usdc, recipient)).toBe(parseUnits('123.456789', 6))
      expect(await erc20Balance(chainId, weth, recipient)).toBe(parseEther('0.75'))
      expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.75'))
      expect(await client.getBalance({ address: ECO })).toBe(0n)
      expect(await erc20Balance(chainId, usdc, fillerAccount.address)).toBe(fillerUsdc - parseUnits('123.456789', 6))
      expect(await erc20Balance(chainId, weth, fillerAccount.address)).toBe(fillerWeth - parseEther('0.75'))
      const [filled] = parseEventLogs({ abi: artifacts.arbiter.abi, logs: receipt.logs, eventName: 'Filled' })
      expect(filled!.args).toEqual({ sponsor: demoAccount.address, nonce, recipient, filler: fillerAccount.address, delivered: target.tokenOut, fillExpiry })
      expect(await client.readContract({ address: ECO, abi: artifacts.arbiter.abi, functionName: 'filled', args: [demoAccount.address, nonce] })).toBe(true)

      await expect(simulate(chainId, fillerAccount.address, ECO, artifacts.arbiter.abi, 'fill', [demoAccount.address, nonce, target], parseEther('0.75'))).rejects.toThrow(/already filled/)
      // Another arbiter keeps its own record.
      expect(await client.readContract({ address: ACROSS, abi: artifacts.arbiter.abi, functionName: 'filled', args: [demoAccount.address, nonce] })).toBe(false)
    })

    it('refuses an expired fill', async () => {
      const chain = 1
      const client = clients[chain]!
      const target = { recipient, tokenOut: [], targetChain: 1n, fillExpiry: (await now(chain)) - 1n }
      await expect(simulate(chain, fillerAccount.address, ECO, artifacts.arbiter.abi, 'fill', [demoAccount.address, 1n, target])).rejects.toThrow(/fill expired/)
      expect(await client.getBalance({ address: recipient })).toBe(0n)
    })
  })
})
