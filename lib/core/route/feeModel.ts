// The fee model: gas units per step, the OP-stack L1 data fee, bridge fees per layer (each
// layer's folder in lib/core/layers/ states its own), the protocol fee, and exact conversions between wei, token units and USD. USD amounts are bigints
// with 8 decimals (the feeds' precision); nothing here uses floating point for money.

import type { BridgeFee } from '../layers/layerDefinition'
import type { UsdPrice } from '../prices/readUsdPrices'
import {
  ACCOUNT_ESCROW_OPS_GAS,
  destinationGasLimit,
  ESCROW_RELEASE_GAS,
  EXECUTOR_OVERHEAD_GAS,
  OFT_SEND_GAS,
  singleChainMinGas,
} from '../settlement/destinationGas'
import { type ArbitratedLayer, bridgeFees, type FundingMethod } from './settlementLayers'

export type FeeModel = {
  /** Bridge fee per arbitrated layer: proportional part in basis points plus a fixed USD part (8
   * decimals). A bridge layer (OFT) quotes its own. */
  bridge: Record<ArbitratedLayer, BridgeFee>
  protocolBps: bigint
  gas: {
    /** Origin claim: base units plus units per token claimed, by funding method. */
    claim: Record<FundingMethod, { base: bigint; perToken: bigint }>
    /** Destination fill: base plus per token delivered; user executions on top. */
    fill: { base: bigint; perToken: bigint }
    /** Per destination execution when the caller gives no destinationGasUnits. */
    perExecution: bigint
    /** Calldata of the filler's transactions, for the L1 data fee, in non-zero-byte equivalents
     * (Ecotone L1 gas / 16, less one transaction's envelope): per origin element by funding method
     * (its escrow, allocation or relay and its payout), and of the fill; plus, in each transaction
     * that carries the account's signature, the longest one a client may send (`signature`), and for
     * calls on arrival the executor's transaction around them (`accountOps`). Measured from the calls
     * the filler builds (lib/filler/l1DataCharge.test.ts), each rounded up. */
    calldata: {
      claim: Record<FundingMethod, { base: number; perToken: number }>
      fill: { base: number; perToken: number }
      accountOps: number
      signature: number
    }
  }
}

/** Transfers an OFT element's ops add beside the send: the fee to the filler, and an approval. */
export const OFT_ELEMENT_TRANSFERS = 2
/** The minGas of an OFT element's ops, and the gas the route charges for its relayed transaction. */
export const OFT_ELEMENT_MIN_GAS = singleChainMinGas(OFT_SEND_GAS, OFT_ELEMENT_TRANSFERS)
const OFT_ELEMENT_GAS = destinationGasLimit(OFT_ELEMENT_MIN_GAS)

export const defaultFeeModel = (protocolBps: number): FeeModel => ({
  bridge: { ...bridgeFees },
  protocolBps: BigInt(protocolBps),
  gas: {
    claim: {
      COMPACT: { base: 110_000n, perToken: 25_000n },
      PERMIT2: { base: 95_000n, perToken: 30_000n },
      // The account's own OFT send run by its intent executor: the relayed transaction's whole limit.
      NO_FUNDING: { base: OFT_ELEMENT_GAS, perToken: 0n },
      // The account's escrow ops relayed through its intent executor (the transaction's whole limit),
      // then the release of the escrow to the filler.
      ACCOUNT_ESCROW: {
        base: EXECUTOR_OVERHEAD_GAS + ACCOUNT_ESCROW_OPS_GAS.base + ESCROW_RELEASE_GAS.base,
        perToken: ACCOUNT_ESCROW_OPS_GAS.perToken + ESCROW_RELEASE_GAS.perToken,
      },
    },
    fill: { base: 80_000n, perToken: 35_000n },
    perExecution: 60_000n,
    calldata: {
      claim: {
        PERMIT2: { base: 1_100, perToken: 200 },
        // Its allocation and its claim each carry the sponsor's signature: one more beyond `signature`.
        COMPACT: { base: 2_800, perToken: 260 },
        NO_FUNDING: { base: 1_100, perToken: 0 },
        ACCOUNT_ESCROW: { base: 1_350, perToken: 400 },
      },
      fill: { base: 320, perToken: 100 },
      accountOps: 900,
      // The API accepts signatures of up to 1,024 bytes (lib/api/primitives.ts).
      signature: 1_024,
    },
  },
})

export type L1FeeParams = { l1BaseFee: bigint; blobBaseFee: bigint; baseFeeScalar: bigint; blobBaseFeeScalar: bigint }

/** OP-stack Ecotone L1 data fee of a transaction with `calldataBytes` (non-zero bytes assumed). */
export function l1DataFee(p: L1FeeParams, calldataBytes: number): bigint {
  const l1Gas = BigInt(calldataBytes) * 16n + 68n * 16n
  return (l1Gas * (16n * p.baseFeeScalar * p.l1BaseFee + p.blobBaseFeeScalar * p.blobBaseFee)) / (16n * 1_000_000n)
}

export const USD_DECIMALS = 8
const USD_SCALE = 10n ** BigInt(USD_DECIMALS)

/** 10^n as a bigint; the exponents met here (token plus feed decimals) come from a small table, since
 * a bigint power is computed afresh each time and the planner converts thousands of amounts a route. */
const POWERS_OF_TEN = Array.from({ length: 80 }, (_, n) => 10n ** BigInt(n))
export function pow10(n: number): bigint {
  return POWERS_OF_TEN[n] ?? 10n ** BigInt(n)
}

/** Value of `amount` base units in USD (8 decimals), rounded down. */
export function toUsd8(amount: bigint, decimals: number, price: UsdPrice): bigint {
  return (amount * price.answer * USD_SCALE) / pow10(decimals + price.decimals)
}

/** Base units of a token worth `usd8`, rounded up: a fee is never undercharged by rounding. */
export function fromUsd8(usd8: bigint, decimals: number, price: UsdPrice): bigint {
  const numerator = usd8 * pow10(decimals + price.decimals)
  const denominator = price.answer * USD_SCALE
  return (numerator + denominator - 1n) / denominator
}

export function bps(amount: bigint, basisPoints: bigint): bigint {
  return (amount * basisPoints + 9_999n) / 10_000n
}

export function usdNumber(usd8: bigint): number {
  return Number(usd8) / 10 ** USD_DECIMALS
}
