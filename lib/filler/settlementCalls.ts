// The transactions that settle an intent through the devnet's arbiters, built from the intentOp
// exactly as the client signed it, each with the proof its receipt must carry:
//   PERMIT2 (escrow with refund): per element an escrow (Permit2's permitWitnessTransferFrom with
//     the Mandate as witness, into the arbiter), then the fill, then per element a release against
//     the attester's signature; a refund (public, after the fill deadline + the arbiter's delay)
//     when no proof came.
//   COMPACT (fill first): per element the allocator's record of the signed compact (so no transfer
//   of the sponsor's locks can leave it unfunded), the fill from the filler's inventory, then per
//   element The Compact's batch multichain claim (the first element's chain) or exogenous batch
//   claim (every later one), with its real struct payload, through the arbiter against the
//   attester's signature.
// A step counts as done only when its receipt carries the arbiter's event for this sponsor, nonce
// and filler: "the nonce is used" proves nothing about who used it.
import {
  type Address,
  encodeFunctionData,
  type Hex,
  hashStruct,
  isAddressEqual,
  parseEventLogs,
  type TransactionReceipt,
  zeroAddress,
} from 'viem'
import { allocatorAbi } from '../core/abi/allocator'
import { arbiterAbi } from '../core/abi/arbiter'
import { permit2Abi, permit2NonceWord } from '../core/abi/permit2'
import { lockContractAbi } from '../core/abi/theCompact'
import { addresses } from '../core/addresses'
import { accountEscrowParts, escrowMandate, escrowTokens, isAccountEscrowRoute } from '../core/intentOp/accountEscrow'
import type { WireIntentOp } from '../core/intentOp/intentOp'
import {
  compactTypedData,
  compactTypes,
  mandateMessage,
  mandateWitnessTypestring,
  permit2TypedData,
} from '../core/intentOp/typedData'
import { defaultAllocator } from '../core/locks/defaultLockTag'
import { allocatorId, decodeLockId, lockId } from '../core/locks/lockId'
import type { FillAttestation } from '../core/settlement/attestation'
import { singleChainStep } from './accountSteps'
import type { Read, Step } from './step'

export type { Call, Read, Step } from './step'

/** Room for the allocations of one lock made between an allocation's estimate and its block (each
 * live allocation of the lock costs its sponsor's next allocation about 15k gas). */
export const ALLOCATE_HEADROOM = 500_000n

export type SignedAttestation = { attestation: FillAttestation; signature: Hex }

export type ElementPlan = {
  elementIndex: number
  chainId: number
  arbiter: Address
  /** True when the sponsor's nonce is already used on this chain (by anyone). */
  nonceUsed: Read<boolean>
  /** COMPACT: the locks this element claims, each to be covered by the sponsor's balance. */
  locks: { id: bigint; amount: bigint }[]
  /** COMPACT: the allocator's record of this element, before the fill. */
  allocate?: Step
  escrow?: Step
  escrowState?: Read<{ status: number; refundableAfter: bigint }>
  refund?: Step
  /** PERMIT2: the escrow returned to the sponsor at once, by the filler that took it (an intent that
   * failed before its fill); the arbiter accepts it only from that filler. */
  returnEscrow?: Step
  /** PERMIT2: the release; COMPACT: the claim. Both need the attester's signature. */
  payout: (proof: SignedAttestation) => Step
}

/** The parts of an element's plan only one funding method has. */
type FundingPart = 'allocate' | 'escrow' | 'escrowState' | 'refund' | 'returnEscrow'

/** An element's `part`, which its funding method must have built: a plan without it is a bug, so this
 * throws (an exception, like any other, leaves the intent to the pass's error handling). */
export function elementPart<K extends FundingPart>(e: ElementPlan, part: K): NonNullable<ElementPlan[K]> {
  const value = e[part]
  if (value === undefined) throw new Error(`the plan of element ${e.elementIndex} has no ${part}`)
  return value
}

export type FillPlan = Step & {
  chainId: number
  arbiter: Address
  recipient: Address
  delivered: { token: Address; amount: bigint }[]
}

/** `funding` names the machine: PERMIT2 is escrow with refund (an ACCOUNT_ESCROW route's too: its
 * elements are the escrow elements, the destination element carries no step), COMPACT fill first. */
export type SettlementPlan = { funding: 'PERMIT2' | 'COMPACT'; elements: ElementPlan[]; fill: FillPlan }

export function settlementPlan(
  intentOp: WireIntentOp,
  originSignatures: readonly Hex[],
  filler: Address,
): SettlementPlan {
  const nonce = BigInt(intentOp.nonce)
  const sponsor = intentOp.sponsor
  const fundings = new Set(intentOp.elements.map((e) => e.mandate.qualifier.settlementContext.fundingMethod))
  if (fundings.size !== 1) throw new Error('elements mix funding methods')
  const accountEscrow = isAccountEscrowRoute(intentOp)
  const funding = accountEscrow ? 'PERMIT2' : [...fundings][0]
  if (funding !== 'PERMIT2' && funding !== 'COMPACT')
    throw new Error(`funding method ${funding} is not settled by this filler`)
  const [firstElement] = intentOp.elements
  if (!firstElement) throw new Error('the intent has no elements')
  const compact = funding === 'COMPACT' ? compactTypedData(intentOp) : undefined
  const elementHashes = compact?.message.elements.map((data) =>
    hashStruct({ types: compactTypes, primaryType: 'Element', data }),
  )
  const has = (
    receipt: TransactionReceipt,
    arbiter: Address,
    eventName: 'Escrowed' | 'Released' | 'Refunded' | 'CompactClaimed',
    who?: Address,
  ) =>
    parseEventLogs({ abi: arbiterAbi, logs: receipt.logs, eventName }).some((log) => {
      if (!isAddressEqual(log.address, arbiter)) return false
      const args = log.args as { sponsor: Address; nonce: bigint; filler?: Address; claimant?: Address }
      if (!isAddressEqual(args.sponsor, sponsor) || args.nonce !== nonce) return false
      const party = args.filler ?? args.claimant
      return who === undefined || (party !== undefined && isAddressEqual(party, who))
    })

  /** The escrow paid back to the sponsor: the public refund, or the filler's early return. */
  const backToSponsor = (chainId: number, arbiter: Address, functionName: 'refund' | 'returnEscrow'): Step => ({
    call: {
      chainId,
      to: arbiter,
      value: 0n,
      data: encodeFunctionData({ abi: arbiterAbi, functionName, args: [sponsor, nonce] }),
    },
    proof: (receipt) => has(receipt, arbiter, 'Refunded'),
  })

  /** The escrow-with-refund parts of an element (PERMIT2, ACCOUNT_ESCROW): its state, the public
   * refund, the filler's early return, and the release against the attestation of `mandate`'s fill. */
  const escrowWithRefund = (
    chainId: number,
    arbiter: Address,
    mandate: ReturnType<typeof mandateMessage>,
  ): Pick<ElementPlan, 'escrowState' | 'refund' | 'returnEscrow' | 'payout'> => ({
    escrowState: {
      chainId,
      to: arbiter,
      data: encodeFunctionData({ abi: arbiterAbi, functionName: 'escrowOf', args: [sponsor, nonce] }),
      decode: (result) => {
        const word = result.slice(2)
        return {
          status: Number(BigInt(`0x${word.slice(0, 64) || '0'}`)),
          refundableAfter: BigInt(`0x${word.slice(64, 128) || '0'}`),
        }
      },
    },
    refund: backToSponsor(chainId, arbiter, 'refund'),
    returnEscrow: backToSponsor(chainId, arbiter, 'returnEscrow'),
    payout: ({ attestation, signature: attesterSignature }) => ({
      call: {
        chainId,
        to: arbiter,
        value: 0n,
        data: encodeFunctionData({
          abi: arbiterAbi,
          functionName: 'release',
          args: [sponsor, nonce, mandate, attestation, attesterSignature],
        }),
      },
      proof: (receipt) => has(receipt, arbiter, 'Released', filler),
    }),
  })

  if (accountEscrow) {
    const { escrows, destination } = accountEscrowParts(intentOp)
    const elements = escrows.map((element, elementIndex): ElementPlan => {
      const chainId = Number(element.chainId)
      // Its ops run where it draws: the chain its signature's domain names.
      if (Number(element.mandate.destinationChainId) !== chainId)
        throw new Error(`escrow element ${elementIndex} is signed for chain ${element.mandate.destinationChainId}`)
      const signature = originSignatures[elementIndex]
      if (signature === undefined) throw new Error(`element ${elementIndex} has no origin signature`)
      const mandate = escrowMandate(element, destination.mandate.destinationChainId)
      const relayed = singleChainStep(intentOp, element, elementIndex, signature, filler)
      const expected = {
        mandateHash: hashStruct({ types: compactTypes, primaryType: 'Mandate', data: mandate }),
        tokens: escrowTokens(element),
      }
      return {
        elementIndex,
        chainId,
        arbiter: element.arbiter,
        locks: [],
        // The executor's nonce of the account's ops: used means someone ran them already.
        nonceUsed: relayed.done,
        escrow: {
          call: relayed.call,
          gasLimit: relayed.gasLimit,
          // Whatever code answers as the account, the arbiter recorded exactly this escrow.
          proof: (receipt) => escrowedFromAccount(receipt, element.arbiter, sponsor, nonce, expected),
        },
        ...escrowWithRefund(chainId, element.arbiter, mandate),
      }
    })
    return { funding: 'PERMIT2', elements, fill: fillPlan(intentOp, filler) }
  }

  const elements = intentOp.elements.map((element, elementIndex): ElementPlan => {
    const chainId = Number(element.chainId)
    const arbiter = element.arbiter
    const signature = originSignatures[elementIndex]
    if (signature === undefined) throw new Error(`element ${elementIndex} has no origin signature`)
    const mandate = mandateMessage(element)
    if (funding === 'PERMIT2') {
      const { message } = permit2TypedData(element, nonce, BigInt(intentOp.expires))
      const { wordPos, bit } = permit2NonceWord(nonce)
      return {
        elementIndex,
        chainId,
        arbiter,
        locks: [],
        nonceUsed: {
          chainId,
          to: addresses.permit2,
          data: encodeFunctionData({ abi: permit2Abi, functionName: 'nonceBitmap', args: [sponsor, wordPos] }),
          decode: (result) => (BigInt(result) & bit) !== 0n,
        },
        escrow: {
          call: {
            chainId,
            to: arbiter,
            value: 0n,
            data: encodeFunctionData({
              abi: arbiterAbi,
              functionName: 'escrowPermit2',
              args: [sponsor, nonce, message.deadline, message.permitted, message.mandate, signature],
            }),
          },
          proof: (receipt) => has(receipt, arbiter, 'Escrowed', filler),
        },
        ...escrowWithRefund(chainId, arbiter, mandate),
      }
    }
    if (!compact || !elementHashes) throw new Error(`element ${elementIndex} is COMPACT but its compact was not built`)
    const signed = compact.message.elements[elementIndex]
    if (!signed) throw new Error(`the compact has no element ${elementIndex}`)
    const allocator = allocatorOf(element.idsAndAmounts.map(([id]) => BigInt(id)))
    const locks = signed.commitments.map((l) => ({ id: lockId(l.lockTag, l.token), amount: l.amount }))
    const expires = BigInt(intentOp.expires)
    const notarizedChainId = BigInt(firstElement.chainId)
    const witness = hashStruct({ types: compactTypes, primaryType: 'Mandate', data: signed.mandate })
    const additionalChains = elementHashes.filter((_, i) => i !== elementIndex)
    const claimPayload = (claimant: Address) => ({
      allocatorData: '0x' as Hex,
      sponsorSignature: signature,
      sponsor,
      nonce,
      expires,
      witness,
      witnessTypestring: mandateWitnessTypestring,
      claims: locks.map((l) => ({
        id: l.id,
        allocatedAmount: l.amount,
        portions: [{ claimant: BigInt(claimant), amount: l.amount }],
      })),
      additionalChains,
    })
    const commitment = {
      sponsor,
      nonce,
      expires,
      arbiter,
      idsAndAmounts: locks.map((l) => [l.id, l.amount] as const),
      witness,
      witnessTypestring: mandateWitnessTypestring,
      elementHashes,
      elementIndex: BigInt(elementIndex),
      notarizedChainId,
      sponsorSignature: signature,
    }
    return {
      elementIndex,
      chainId,
      arbiter,
      locks,
      nonceUsed: {
        chainId,
        to: addresses.theCompact,
        data: encodeFunctionData({
          abi: lockContractAbi,
          functionName: 'hasConsumedAllocatorNonce',
          args: [nonce, allocator],
        }),
        decode: (result) => BigInt(result) !== 0n,
      },
      allocate: {
        call: {
          chainId,
          to: allocator,
          value: 0n,
          data: encodeFunctionData({ abi: allocatorAbi, functionName: 'allocate', args: [commitment] }),
        },
        headroom: ALLOCATE_HEADROOM,
        proof: (receipt) =>
          parseEventLogs({ abi: allocatorAbi, logs: receipt.logs, eventName: 'Allocated' }).some(
            (log) =>
              isAddressEqual(log.address, allocator) &&
              isAddressEqual(log.args.sponsor, sponsor) &&
              log.args.nonce === nonce,
          ),
      },
      payout: ({ attestation, signature: attesterSignature }) => ({
        call: {
          chainId,
          to: arbiter,
          value: 0n,
          data:
            elementIndex === 0
              ? encodeFunctionData({
                  abi: arbiterAbi,
                  functionName: 'claimCompact',
                  args: [claimPayload(attestation.filler), signed.mandate, attestation, attesterSignature],
                })
              : encodeFunctionData({
                  abi: arbiterAbi,
                  functionName: 'claimCompactExogenous',
                  args: [
                    { ...claimPayload(attestation.filler), chainIndex: BigInt(elementIndex - 1), notarizedChainId },
                    signed.mandate,
                    attestation,
                    attesterSignature,
                  ],
                }),
        },
        proof: (receipt) =>
          has(receipt, arbiter, 'CompactClaimed', filler) &&
          parseEventLogs({ abi: lockContractAbi, logs: receipt.logs, eventName: 'Claim' }).some(
            (log) =>
              isAddressEqual(log.address, addresses.theCompact) &&
              isAddressEqual(log.args.sponsor, sponsor) &&
              log.args.nonce === nonce &&
              isAddressEqual(log.args.arbiter, arbiter) &&
              isAddressEqual(log.args.allocator, allocator),
          ),
      }),
    }
  })
  return { funding, elements, fill: fillPlan(intentOp, filler) }
}

/** One fill for the whole intent through the last element's arbiter: every element's Mandate, so the
 * arbiter delivers each one's tokenOut and records their hashes for the attestation. */
export function fillPlan(intentOp: WireIntentOp, filler: Address): FillPlan {
  const last = intentOp.elements.at(-1)
  if (!last) throw new Error('the intent has no elements')
  const nonce = BigInt(intentOp.nonce)
  const chainId = Number(last.mandate.destinationChainId)
  // An ACCOUNT_ESCROW route fills the mandates its escrow elements escrowed (its destination element
  // delivers nothing).
  const mandates = isAccountEscrowRoute(intentOp)
    ? accountEscrowParts(intentOp).escrows.map((element) => escrowMandate(element, chainId))
    : intentOp.elements.map((element) => mandateMessage(element))
  const sums = new Map<Address, bigint>()
  for (const mandate of mandates) {
    for (const t of mandate.target.tokenOut) sums.set(t.token, (sums.get(t.token) ?? 0n) + t.amount)
  }
  const delivered = [...sums].map(([token, amount]) => ({ token, amount }))
  const mandateHashes = mandates.map((data) => hashStruct({ types: compactTypes, primaryType: 'Mandate', data }))
  const value = delivered.filter((t) => t.token === zeroAddress).reduce((sum, t) => sum + t.amount, 0n)
  return {
    chainId,
    arbiter: last.arbiter,
    recipient: last.mandate.recipient as Address,
    delivered,
    call: {
      chainId,
      to: last.arbiter,
      data: encodeFunctionData({ abi: arbiterAbi, functionName: 'fill', args: [intentOp.sponsor, nonce, mandates] }),
      value,
    },
    proof: (receipt) =>
      parseEventLogs({ abi: arbiterAbi, logs: receipt.logs, eventName: 'Filled' }).some(
        (log) =>
          isAddressEqual(log.address, last.arbiter) &&
          isAddressEqual(log.args.sponsor, intentOp.sponsor) &&
          log.args.nonce === nonce &&
          isAddressEqual(log.args.filler, filler) &&
          log.args.mandateHashes.length === mandateHashes.length &&
          log.args.mandateHashes.every((h, i) => h === mandateHashes[i]),
      ),
  }
}

/** The arbiter's record of an account's own escrow in this receipt, with exactly this mandate and these tokens. */
function escrowedFromAccount(
  receipt: TransactionReceipt,
  arbiter: Address,
  sponsor: Address,
  nonce: bigint,
  expected: { mandateHash: Hex; tokens: { token: Address; amount: bigint }[] },
): boolean {
  return parseEventLogs({ abi: arbiterAbi, logs: receipt.logs, eventName: 'EscrowedFromAccount' }).some(
    (log) =>
      isAddressEqual(log.address, arbiter) &&
      isAddressEqual(log.args.sponsor, sponsor) &&
      log.args.nonce === nonce &&
      log.args.mandateHash === expected.mandateHash &&
      log.args.tokens.length === expected.tokens.length &&
      log.args.tokens.every((t, i) => {
        const want = expected.tokens[i]
        return want !== undefined && isAddressEqual(t.token, want.token) && t.amount === want.amount
      }),
  )
}

/** The ERC-6909 balances a COMPACT element's locks need, summed per lock id. */
export function lockNeeds(plan: SettlementPlan): { chainId: number; id: bigint; amount: bigint; token: Address }[] {
  const needs = new Map<string, { chainId: number; id: bigint; amount: bigint; token: Address }>()
  for (const e of plan.elements) {
    for (const lock of e.locks) {
      const key = `${e.chainId}:${lock.id}`
      const prev = needs.get(key)
      needs.set(key, {
        chainId: e.chainId,
        id: lock.id,
        amount: (prev?.amount ?? 0n) + lock.amount,
        token: decodeLockId(lock.id).token,
      })
    }
  }
  return [...needs.values()]
}

/** The allocator a compact's locks name (one per claim, as The Compact requires): the devnet's
 * routes lock under the default allocator only. */
function allocatorOf(ids: bigint[]): Address {
  const ours = allocatorId(defaultAllocator)
  const other = ids.find((id) => decodeLockId(id).allocatorId !== ours)
  if (other !== undefined) throw new Error(`lock ${other} names an allocator this filler does not know`)
  return defaultAllocator
}
