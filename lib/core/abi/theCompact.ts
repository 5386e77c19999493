// DEVNET-ONLY. The ABI of the devnet's resource-lock contract (lib/devnet/contracts/ResourceLocks.sol),
// placed at The Compact's address on the devnet. ERC-6909 balances and the allocator registry match
// The Compact v1; its claim entry point (multichainClaim with flat arguments) and nonce read are
// the devnet contract's own, so nothing here is sent to The Compact on a real chain.
import { parseAbi } from 'viem'

export const lockContractAbi = parseAbi([
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function isNonceConsumed(address sponsor, uint256 nonce) view returns (bool)',
  'event Claim(address indexed sponsor, address indexed arbiter, bytes32 claimHash, uint256 nonce)',
])
