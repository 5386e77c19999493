// Execution batches as the wire's `Op { vt, ops }`. `vt` is an ERC-7579 execution mode word:
// call type in the first byte (0x00 single call, 0x01 batch), default exec type, the rest zero.
import { type Address, concatHex, encodeAbiParameters, type Hex, pad, parseAbiParameters, slice } from 'viem'
import type { WireOp } from '../intentOp/intentOp'

const SINGLE = pad('0x00', { dir: 'right', size: 32 })
const BATCH = pad('0x01', { dir: 'right', size: 32 })

export function toOp(executions: readonly { to: Address; value: bigint; data: Hex }[]): WireOp {
  return {
    vt: executions.length === 1 ? SINGLE : BATCH,
    ops: executions.map((e) => ({ to: e.to, value: e.value.toString(), data: e.data })),
  }
}

/** The intent executor's single-chain ops carry `vt` = (uint8 execType, uint8 sigMode, zeros): the
 * client's defaults, a batch of calls (0x02) checked with the account's ERC-1271 (0x01). */
export const SINGLE_CHAIN_VT = pad('0x0201', { dir: 'right', size: 32 })

/** Executions as single-chain ops (`Op { vt, ops }` with SINGLE_CHAIN_VT). */
export function toSingleChainOp(executions: readonly { to: Address; value: bigint; data: Hex }[]): WireOp {
  return { ...toOp(executions), vt: SINGLE_CHAIN_VT }
}

/** The production executor's `ops.data` for an Op: encodePacked(execType, sigMode, abi.encode(Ops[])). */
export function singleChainOpsData(op: WireOp): Hex {
  const executions = op.ops.map((o) => ({ to: o.to, value: BigInt(o.value), data: o.data }))
  const encoded = encodeAbiParameters(parseAbiParameters('(address to, uint256 value, bytes data)[]'), [executions])
  return concatHex([slice(op.vt, 0, 2), encoded])
}
