// The EIP-712 typed data a client signs for a route, exactly as @rhinestone/sdk builds it
// (execution/compact, execution/permit2, execution/singleChainOps; selection as in its
// getIntentMessages): one typed data per element.
//   - any element settling through INTENT_EXECUTOR → SingleChainOps per element (IntentExecutor domain)
//   - else any PERMIT2 funding → PermitBatchWitnessTransferFrom per element (Permit2 domain)
//   - else → the MultichainCompact (The Compact domain), once per element
import { type Address, type Hex, keccak256, numberToHex, type TypedDataDefinition, zeroAddress } from 'viem'
import { addresses } from '../addresses'
import type { UnsignedIntentOp, WireElement } from './intentOp'

/** The verifyingContract the published client puts in The Compact's signing domain. */
export const compactSigningContract: Address = '0x73d2dc0c21fca4ec1601895d50df7f5624f07d3f'

const opTypes = {
  Op: [
    { name: 'vt', type: 'bytes32' },
    { name: 'ops', type: 'Ops[]' },
  ],
  Ops: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
  ],
} as const

const mandateTypes = {
  Mandate: [
    { name: 'target', type: 'Target' },
    { name: 'minGas', type: 'uint128' },
    { name: 'originOps', type: 'Op' },
    { name: 'destOps', type: 'Op' },
    { name: 'q', type: 'bytes32' },
  ],
  Target: [
    { name: 'recipient', type: 'address' },
    { name: 'tokenOut', type: 'Token[]' },
    { name: 'targetChain', type: 'uint256' },
    { name: 'fillExpiry', type: 'uint256' },
  ],
  Token: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  ...opTypes,
} as const

export const compactTypes = {
  MultichainCompact: [
    { name: 'sponsor', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'expires', type: 'uint256' },
    { name: 'elements', type: 'Element[]' },
  ],
  Element: [
    { name: 'arbiter', type: 'address' },
    { name: 'chainId', type: 'uint256' },
    { name: 'commitments', type: 'Lock[]' },
    { name: 'mandate', type: 'Mandate' },
  ],
  Lock: [
    { name: 'lockTag', type: 'bytes12' },
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  ...mandateTypes,
} as const

/** The Mandate as The Compact's witnessTypestring: its fields and nested types, without the
 * closing parenthesis The Compact appends ("Mandate(" + witnessTypestring + ")"). */
export const mandateWitnessTypestring =
  'Target target,uint128 minGas,Op originOps,Op destOps,bytes32 q)' +
  'Op(bytes32 vt,Ops[] ops)Ops(address to,uint256 value,bytes data)' +
  'Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)Token(address token,uint256 amount'

// Key order as the client writes it, so the serialized typed data is identical too.
export const permit2Types = {
  TokenPermissions: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  Token: mandateTypes.Token,
  Target: mandateTypes.Target,
  Ops: opTypes.Ops,
  Op: opTypes.Op,
  Mandate: mandateTypes.Mandate,
  PermitBatchWitnessTransferFrom: [
    { name: 'permitted', type: 'TokenPermissions[]' },
    { name: 'spender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
    { name: 'mandate', type: 'Mandate' },
  ],
} as const

export const singleChainOpsTypes = {
  SingleChainOps: [
    { name: 'account', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'op', type: 'Op' },
    { name: 'gasRefund', type: 'GasRefund' },
  ],
  Op: opTypes.Op,
  GasRefund: [
    { name: 'token', type: 'address' },
    { name: 'exchangeRate', type: 'uint256' },
    { name: 'overhead', type: 'uint256' },
  ],
  Ops: opTypes.Ops,
} as const

export type RouteTypedData =
  | TypedDataDefinition<typeof compactTypes, 'MultichainCompact'>
  | TypedDataDefinition<typeof permit2Types, 'PermitBatchWitnessTransferFrom'>
  | TypedDataDefinition<typeof singleChainOpsTypes, 'SingleChainOps'>

/** Everything the account signs for this route, one entry per element, in element order. */
export function routeTypedData(intentOp: UnsignedIntentOp, account: Address): RouteTypedData[] {
  const contexts = intentOp.elements.map((e) => e.mandate.qualifier.settlementContext)
  if (contexts.some((c) => c.settlementLayer === 'INTENT_EXECUTOR')) {
    return intentOp.elements.map((e) => singleChainOpsTypedData(account, e, BigInt(intentOp.nonce)))
  }
  if (contexts.some((c) => c.fundingMethod === 'PERMIT2')) {
    return intentOp.elements.map((e) => permit2TypedData(e, BigInt(intentOp.nonce), BigInt(intentOp.expires)))
  }
  return intentOp.elements.map(() => compactTypedData(intentOp))
}

export function compactTypedData(
  intentOp: UnsignedIntentOp,
): TypedDataDefinition<typeof compactTypes, 'MultichainCompact'> {
  const [first] = intentOp.elements
  if (!first) throw new Error(`compactTypedData: intentOp ${intentOp.nonce} has no elements`)
  return {
    domain: {
      name: 'The Compact',
      version: '1',
      chainId: Number(first.chainId),
      verifyingContract: compactSigningContract,
    },
    types: compactTypes,
    primaryType: 'MultichainCompact',
    message: {
      sponsor: intentOp.sponsor,
      nonce: BigInt(intentOp.nonce),
      expires: BigInt(intentOp.expires),
      elements: intentOp.elements.map((e) => ({
        arbiter: e.arbiter,
        chainId: BigInt(e.chainId),
        commitments: e.idsAndAmounts.map(([id, amount]) => ({
          lockTag: lockTagOf(id),
          token: tokenOf(id),
          amount: BigInt(amount),
        })),
        mandate: mandateMessage(e),
      })),
    },
  }
}

export function permit2TypedData(
  element: WireElement,
  nonce: bigint,
  expires: bigint,
): TypedDataDefinition<typeof permit2Types, 'PermitBatchWitnessTransferFrom'> {
  return {
    domain: { name: 'Permit2', chainId: Number(element.chainId), verifyingContract: addresses.permit2 },
    types: permit2Types,
    primaryType: 'PermitBatchWitnessTransferFrom',
    message: {
      permitted: element.idsAndAmounts.map(([id, amount]) => ({ token: tokenOf(id), amount: BigInt(amount) })),
      spender: element.arbiter,
      nonce,
      deadline: expires,
      mandate: mandateMessage(element),
    },
  }
}

export function singleChainOpsTypedData(
  account: Address,
  element: WireElement,
  nonce: bigint,
): TypedDataDefinition<typeof singleChainOpsTypes, 'SingleChainOps'> {
  const refund = element.mandate.qualifier.settlementContext.gasRefund
  return {
    domain: {
      name: 'IntentExecutor',
      version: 'v0.0.1',
      chainId: Number(element.mandate.destinationChainId),
      verifyingContract: addresses.intentExecutor,
    },
    types: singleChainOpsTypes,
    primaryType: 'SingleChainOps',
    message: {
      account,
      nonce,
      op: opMessage(element.mandate.destinationOps),
      gasRefund: refund
        ? { token: refund.token, exchangeRate: BigInt(refund.exchangeRate), overhead: BigInt(refund.overhead) }
        : { token: zeroAddress, exchangeRate: 0n, overhead: 0n },
    },
  }
}

/** An element's Mandate as every scheme signs it (the settlement's witness and the fill's Target). */
export function mandateMessage(e: WireElement) {
  const m = e.mandate
  return {
    target: {
      recipient: m.recipient,
      tokenOut: m.tokenOut.map(([id, amount]) => ({ token: tokenOf(id), amount: BigInt(amount) })),
      targetChain: BigInt(m.destinationChainId),
      fillExpiry: BigInt(m.fillDeadline),
    },
    minGas: BigInt(m.minGas),
    originOps: opMessage(m.preClaimOps),
    destOps: opMessage(m.destinationOps),
    q: keccak256(m.qualifier.encodedVal),
  }
}

function opMessage(op: WireElement['mandate']['destinationOps']) {
  return { vt: op.vt, ops: op.ops.map((o) => ({ to: o.to, value: BigInt(o.value), data: o.data })) }
}

const word = (id: string) => numberToHex(BigInt(id), { size: 32 })
const lockTagOf = (id: string): Hex => `0x${word(id).slice(2, 26)}`
const tokenOf = (id: string): Address => `0x${word(id).slice(26)}`
