// The qualifier of a mandate: the settlement context per layer, and `encodedVal`, its ABI
// encoding, whose keccak256 is the `q` every signature commits to.
//
// encodedVal = abi.encode(string settlementLayer, string fundingMethod, bool using7579, bytes layerData)
//   an intent layer:     layerData and context fields of its own where its folder says so (`qualifier`
//                        in lib/core/layers/<layer>/; Eco's proving fee, Relay's ids), else 0x
//   INTENT_EXECUTOR:     layerData = abi.encode(
//                          (address token, uint256 exchangeRate, uint256 overhead) gasRefund,
//                          (uint32 dstEid, uint256 dstChainId, uint256 minAmountLD, address adapter) bridge)
//                        (an account's own single-chain ops, NO_FUNDING on one chain, and the escrow ops
//                        and destination element of an ACCOUNT_ESCROW route: both tuples zero)
import { type Address, encodeAbiParameters, type Hex, parseAbiParameters, zeroAddress } from 'viem'
import type { WireSettlementContext } from '../intentOp/intentOp'
import type { LayerQualifier } from '../layers/layerDefinition'
import { type FundingMethod, type Layer, wireFunding, wireLayer } from './settlementLayers'

export type GasRefund = { token: Address; exchangeRate: bigint; overhead: bigint }
export type OftBridge = { dstEid: number; dstChainId: number; minAmountLD: bigint; adapter: Address }

export type SettlementInput = {
  /** OFT: the LayerZero fee the relayer hands the account with its ops (wei). */
  prefundAmount?: bigint
  layer: Layer
  funding: FundingMethod
  using7579: boolean
  /** The layer's own part of the qualifier (settlementLayers.ts `layerQualifier`). */
  layerPart?: LayerQualifier
  gasRefund?: GasRefund
  oft?: OftBridge
}

export function settlementQualifier(s: SettlementInput): { settlementContext: WireSettlementContext; encodedVal: Hex } {
  // The account's own ops, no bridge of their own: the client signs them as SingleChainOps.
  const singleChain = (s.funding === 'NO_FUNDING' && s.layer === 'SAME_CHAIN') || s.funding === 'ACCOUNT_ESCROW'
  const settlementLayer = singleChain ? 'INTENT_EXECUTOR' : wireLayer(s.layer)
  const fundingMethod = wireFunding(s.funding)
  const context: WireSettlementContext = { settlementLayer, using7579: s.using7579, fundingMethod }
  let layerData: Hex = '0x'
  if (singleChain) {
    // No refund of the relayer's gas: the fee is one of the ops. The client signs this struct as it is.
    context.gasRefund = { token: zeroAddress, exchangeRate: '0', overhead: '0' }
    layerData = encodeAbiParameters(
      parseAbiParameters('(address, uint256, uint256), (uint32, uint256, uint256, address)'),
      [
        [zeroAddress, 0n, 0n],
        [0, 0n, 0n, zeroAddress],
      ],
    )
  } else if (s.layerPart) {
    Object.assign(context, s.layerPart.context)
    layerData = s.layerPart.layerData
  } else if (s.layer === 'OFT' && s.oft) {
    const { oft } = s
    // The fee is one of the ops (as for single-chain ops): no refund of the relayer's gas.
    const gasRefund = s.gasRefund ?? { token: zeroAddress, exchangeRate: 0n, overhead: 0n }
    context.gasRefund = {
      token: gasRefund.token,
      exchangeRate: gasRefund.exchangeRate.toString(),
      overhead: gasRefund.overhead.toString(),
    }
    if (s.prefundAmount !== undefined && s.prefundAmount > 0n) context.prefundAmount = s.prefundAmount.toString()
    context.bridgeFill = { type: 'OFT', destinationChainId: oft.dstChainId }
    context.bridge = {
      type: 'OFT',
      oftToken: 'USDT0',
      dstChainId: oft.dstChainId,
      dstEid: oft.dstEid,
      minAmountLD: oft.minAmountLD.toString(),
      adapter: oft.adapter,
    }
    layerData = encodeAbiParameters(
      parseAbiParameters('(address, uint256, uint256), (uint32, uint256, uint256, address)'),
      [
        [gasRefund.token, gasRefund.exchangeRate, gasRefund.overhead],
        [oft.dstEid, BigInt(oft.dstChainId), oft.minAmountLD, oft.adapter],
      ],
    )
  }
  const encodedVal = encodeAbiParameters(parseAbiParameters('string, string, bool, bytes'), [
    settlementLayer,
    fundingMethod,
    s.using7579,
    layerData,
  ])
  return { settlementContext: context, encodedVal }
}
