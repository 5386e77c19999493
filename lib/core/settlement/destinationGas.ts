// The gas a route's destination calls may use, fixed when the route is quoted and carried in the
// signed Mandate as `minGas`: the calls' own gas (simulated at quote time, or the flat estimate when
// they cannot be simulated yet). The route charges it plus the intent executor's fixed cost (the
// account's signature check, the mandate's hash, the executed flag, one `executeFromExecutor`),
// and the filler sends the destination transaction with exactly that limit: a call can never make
// the filler spend more gas than the intent paid for.

/** The intent executor's own gas around the calls, charged with them. */
export const EXECUTOR_OVERHEAD_GAS = 200_000n

/** The most gas a route's destination calls may need; a route whose calls need more is refused. */
export const MAX_DESTINATION_CALL_GAS = 5_000_000n

/** The gas limit of the destination transaction for a mandate's `minGas`. */
export function destinationGasLimit(minGas: bigint): bigint {
  return minGas + EXECUTOR_OVERHEAD_GAS
}

/** Gas of one transfer a route adds to an account's single-chain ops (its fee, a delivery to
 * another recipient), charged with them and included in the Mandate's `minGas`. */
export const TRANSFER_OP_GAS = 40_000n

/** Gas of an account's OFT `send` (with its approval where the adapter needs one), as its intent
 * executor runs it on the source chain. */
export const OFT_SEND_GAS = 150_000n

/** The `minGas` of a single-chain ops element: the calls' gas and each transfer the route adds. */
export function singleChainMinGas(callGas: bigint, routeTransfers: number): bigint {
  return callGas + TRANSFER_OP_GAS * BigInt(routeTransfers)
}

/** What the route charges for its calls: the engine's figure, or what the caller asked if more (it
 * may raise the charge, never lower it), plus the executor's own cost when there are calls. */
export function chargedCallGas(
  engineGas: bigint,
  asked: bigint | undefined,
  calls: number,
): { callGas: bigint; executionGas: bigint } {
  const callGas = asked !== undefined && asked > engineGas ? asked : engineGas
  return { callGas, executionGas: calls > 0 ? callGas + EXECUTOR_OVERHEAD_GAS : 0n }
}

/** An account's escrow ops (ACCOUNT_ESCROW elements): per token one approval of the origin arbiter and
 * its share of the arbiter's `escrowFromAccount` (the escrow's record, the transfer in), as the intent
 * executor runs them on the source chain (measured on the devnet: about 118,000 + 109,000 per token,
 * without the executor's own cost). */
export const ACCOUNT_ESCROW_OPS_GAS = { base: 130_000n, perToken: 115_000n } as const

/** The `minGas` of an ACCOUNT_ESCROW element drawing `tokens` tokens. */
export function accountEscrowMinGas(tokens: number): bigint {
  return ACCOUNT_ESCROW_OPS_GAS.base + ACCOUNT_ESCROW_OPS_GAS.perToken * BigInt(tokens)
}

/** The release of an escrow to the filler (the attestation's check, a transfer per token). */
export const ESCROW_RELEASE_GAS = { base: 70_000n, perToken: 30_000n } as const
