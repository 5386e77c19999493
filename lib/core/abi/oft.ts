// CANONICAL. LayerZero's OFT interface (v2): the views a route reads quotes from, the send an OFT
// element runs (through the account's intent executor) and the events by which the filler follows
// a packet from the source adapter (OFTSent) to its delivery (OFTReceived, same guid).
import { parseAbi } from 'viem'
import { signature } from './signature'

export const oftAbi = parseAbi([
  signature(
    'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; ',
    'bytes composeMsg; bytes oftCmd; }',
  ),
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'struct OFTLimit { uint256 minAmountLD; uint256 maxAmountLD; }',
  'struct OFTFeeDetail { int256 feeAmountLD; string description; }',
  'struct OFTReceipt { uint256 amountSentLD; uint256 amountReceivedLD; }',
  'function quoteSend(SendParam sendParam, bool payInLzToken) view returns (MessagingFee)',
  'function quoteOFT(SendParam sendParam) view returns (OFTLimit, OFTFeeDetail[], OFTReceipt)',
  'function send(SendParam sendParam, MessagingFee fee, address refundAddress) payable',
  signature(
    'event OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256 amountSentLD, ',
    'uint256 amountReceivedLD)',
  ),
  'event OFTReceived(bytes32 indexed guid, uint32 srcEid, address indexed toAddress, uint256 amountReceivedLD)',
])
