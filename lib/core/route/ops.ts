// Execution batches as the wire's `Op { vt, ops }`. `vt` is an ERC-7579 execution mode word:
// call type in the first byte (0x00 single call, 0x01 batch), default exec type, the rest zero.
import { type Address, type Hex, pad } from 'viem'
import type { WireOp } from '../intentOp/intentOp'

const SINGLE = pad('0x00', { dir: 'right', size: 32 })
const BATCH = pad('0x01', { dir: 'right', size: 32 })

export function toOp(executions: readonly { to: Address; value: bigint; data: Hex }[]): WireOp {
  return {
    vt: executions.length === 1 ? SINGLE : BATCH,
    ops: executions.map((e) => ({ to: e.to, value: e.value.toString(), data: e.data })),
  }
}
