// The transactions that settle an intent (compat-notes §8), built from the intentOp exactly as
// the client signed it: per element a claim through its arbiter (PERMIT2: Permit2's
// permitWitnessTransferFrom with the Mandate as witness; COMPACT: the multichain claim checked
// against the sponsor's MultichainCompact signature), then one fill on the destination chain that
// delivers every element's tokenOut to the recipient. Whether each already happened is read from
// chain (Permit2's nonce bitmap, the lock contract's consumed nonces, the arbiter's fill record),
// which makes every step safe to repeat.
import { type Address, encodeFunctionData, type Hex, hashStruct, parseAbi, zeroAddress } from 'viem'
import { addresses } from '../addresses'
import type { WireIntentOp } from '../route/intentOp'
import { compactTypedData, compactTypes, mandateMessage, permit2TypedData } from '../route/typedData'

export const arbiterAbi = parseAbi([
  'struct Token { address token; uint256 amount; }',
  'struct Target { address recipient; Token[] tokenOut; uint256 targetChain; uint256 fillExpiry; }',
  'struct Ops { address to; uint256 value; bytes data; }',
  'struct Op { bytes32 vt; Ops[] ops; }',
  'struct Mandate { Target target; uint128 minGas; Op originOps; Op destOps; bytes32 q; }',
  'struct Lock { bytes12 lockTag; address token; uint256 amount; }',
  'function claimPermit2(address sponsor, uint256 nonce, uint256 deadline, Token[] permitted, Mandate mandate, bytes signature, address claimant)',
  'function claimCompact(address sponsor, uint256 nonce, uint256 expires, uint256 notarizedChainId, uint256 elementIndex, bytes32[] elementHashes, Lock[] commitments, Mandate mandate, bytes signature, address claimant)',
  'function fill(address sponsor, uint256 nonce, Target target) payable',
  'function filled(address sponsor, uint256 nonce) view returns (bool)',
])

export const lockContractAbi = parseAbi(['function isNonceConsumed(address sponsor, uint256 nonce) view returns (bool)'])
export const permit2NonceAbi = parseAbi(['function nonceBitmap(address owner, uint256 wordPos) view returns (uint256)'])

export type Call = { chainId: number; to: Address; data: Hex; value: bigint }

/** A read that tells whether the step already happened on chain. */
export type DoneCheck = { chainId: number; to: Address; data: Hex; decode: (result: Hex) => boolean }

export type ClaimStep = { elementIndex: number; call: Call; done: DoneCheck }

export function claimSteps(intentOp: WireIntentOp, originSignatures: readonly Hex[], claimant: Address): ClaimStep[] {
  const nonce = BigInt(intentOp.nonce)
  const compact = intentOp.elements.some((e) => e.mandate.qualifier.settlementContext.fundingMethod === 'COMPACT') ? compactTypedData(intentOp) : undefined
  const elementHashes = compact?.message.elements.map((data) => hashStruct({ types: compactTypes, primaryType: 'Element', data }))
  return intentOp.elements.map((element, elementIndex) => {
    const chainId = Number(element.chainId)
    const funding = element.mandate.qualifier.settlementContext.fundingMethod
    const signature = originSignatures[elementIndex]!
    if (funding === 'PERMIT2') {
      const { message } = permit2TypedData(element, nonce, BigInt(intentOp.expires))
      const data = encodeFunctionData({ abi: arbiterAbi, functionName: 'claimPermit2', args: [intentOp.sponsor, nonce, message.deadline, message.permitted, message.mandate, signature, claimant] })
      const wordPos = nonce >> 8n
      const bit = 1n << (nonce & 255n)
      const done: DoneCheck = {
        chainId,
        to: addresses.permit2,
        data: encodeFunctionData({ abi: permit2NonceAbi, functionName: 'nonceBitmap', args: [intentOp.sponsor, wordPos] }),
        decode: (result) => (BigInt(result) & bit) !== 0n,
      }
      return { elementIndex, call: { chainId, to: element.arbiter, data, value: 0n }, done }
    }
    if (funding === 'COMPACT' && compact && elementHashes) {
      const signed = compact.message.elements[elementIndex]!
      const data = encodeFunctionData({
        abi: arbiterAbi,
        functionName: 'claimCompact',
        args: [intentOp.sponsor, nonce, BigInt(intentOp.expires), BigInt(intentOp.elements[0]!.chainId), BigInt(elementIndex), elementHashes, signed.commitments, signed.mandate, signature, claimant],
      })
      const done: DoneCheck = {
        chainId,
        to: addresses.theCompact,
        data: encodeFunctionData({ abi: lockContractAbi, functionName: 'isNonceConsumed', args: [intentOp.sponsor, nonce] }),
        decode: (result) => BigInt(result) !== 0n,
      }
      return { elementIndex, call: { chainId, to: element.arbiter, data, value: 0n }, done }
    }
    throw new Error(`element ${elementIndex}: funding method ${funding} is not claimed by this filler`)
  })
}

export type FillStep = { call: Call; done: DoneCheck; delivered: { token: Address; amount: bigint }[] }

/** One fill for the whole intent: every element's tokenOut, summed per token, through the last element's arbiter. */
export function fillStep(intentOp: WireIntentOp): FillStep {
  const last = intentOp.elements.at(-1)!
  const nonce = BigInt(intentOp.nonce)
  const chainId = Number(last.mandate.destinationChainId)
  const sums = new Map<Address, bigint>()
  for (const element of intentOp.elements) {
    for (const t of mandateMessage(element).target.tokenOut) sums.set(t.token, (sums.get(t.token) ?? 0n) + t.amount)
  }
  const delivered = [...sums].map(([token, amount]) => ({ token, amount }))
  const target = { recipient: last.mandate.recipient, tokenOut: delivered, targetChain: BigInt(chainId), fillExpiry: BigInt(last.mandate.fillDeadline) }
  const value = delivered.filter((t) => t.token === zeroAddress).reduce((sum, t) => sum + t.amount, 0n)
  return {
    call: { chainId, to: last.arbiter, data: encodeFunctionData({ abi: arbiterAbi, functionName: 'fill', args: [intentOp.sponsor, nonce, target] }), value },
    done: {
      chainId,
      to: last.arbiter,
      data: encodeFunctionData({ abi: arbiterAbi, functionName: 'filled', args: [intentOp.sponsor, nonce] }),
      decode: (result) => BigInt(result) !== 0n,
    },
    delivered,
  }
}
