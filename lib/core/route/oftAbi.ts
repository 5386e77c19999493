// The LayerZero OFT views and the send a route's OFT element runs: one ABI for the engine that
// reads quotes and encodes the send, and for the dashboard that decodes it.
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
