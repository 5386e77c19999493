// CANONICAL. The parts of Uniswap's Permit2 (SignatureTransfer) this service reads or calls, at
// its canonical address 0x000000000022D473030F116dDEE9F6B43aC78BA3 on every chain.
import { parseAbi } from 'viem'

export const permit2Abi = parseAbi([
  'function nonceBitmap(address owner, uint256 wordPos) view returns (uint256)',
  'function invalidateUnorderedNonces(uint256 wordPos, uint256 mask)',
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'error InvalidNonce()',
  'error InvalidSigner()',
  'error InvalidSignature()',
  'error SignatureExpired(uint256 signatureDeadline)',
])

/** Whether Permit2's unordered nonce is used, from the bitmap word `nonceBitmap(owner, nonce >> 8)`. */
export function permit2NonceWord(nonce: bigint): { wordPos: bigint; bit: bigint } {
  return { wordPos: nonce >> 8n, bit: 1n << (nonce & 255n) }
}
