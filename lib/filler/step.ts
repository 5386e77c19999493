// A transaction the filler sends as a journaled step, what its receipt must show, and the reads that
// decide whether a step is due: one shape for the settlement's calls (settlementCalls.ts) and the
// account's own steps (accountSteps.ts).
import type { Address, Hex, SignedAuthorization, TransactionReceipt } from 'viem'

/** With an authorization list the transaction is EIP-7702 (type 4): a smart account's setup. */
export type Call = { chainId: number; to: Address; data: Hex; value: bigint; authorizationList?: SignedAuthorization[] }

/** A transaction and what its receipt must show for the step to count as done. */
export type Step = {
  call: Call
  proof: (receipt: TransactionReceipt) => boolean
  /** The gas it is sent with, exactly: what the intent paid for. A call estimated above it is not sent. */
  gasLimit?: bigint
  /** Gas added to the estimate where state can grow between the estimate and the block (a lock's
   * other allocations, allocated at the same time). */
  headroom?: bigint
}

/** A read whose answer decides something (a nonce used, an escrow's state). */
export type Read<T> = { chainId: number; to: Address; data: Hex; decode: (result: Hex) => T }
