// CANONICAL. LayerZero's OFT interface (v2): the views a route reads quotes from and the send an
// OFT element runs, on USDT0's adapters. The devnet's OftAdapter answers the quotes; the send is
// run by the account's intent executor, never on the devnet.
import { parseAbi } from 'viem'

export const oftAbi = parseAbi([
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'struct OFTLimit { uint256 minAmountLD; uint256 maxAmountLD; }',
  'struct OFTFeeDetail { int256 feeAmountLD; string description; }',
  'struct OFTReceipt { uint256 amountSentLD; uint256 amountReceivedLD; }',
  'function quoteSend(SendParam sendParam, bool payInLzToken) view returns (MessagingFee)',
  'function quoteOFT(SendParam sendParam) view returns (OFTLimit, OFTFeeDetail[], OFTReceipt)',
  'function send(SendParam sendParam, MessagingFee fee, address refundAddress) payable',
])
