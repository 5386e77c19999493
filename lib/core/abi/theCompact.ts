// DEVNET-ONLY. The ABI of the devnet's resource-lock contract (lib/devnet/contracts/ResourceLocks.sol),
// placed at The Compact's address on the devnet. ERC-6909 balances, transfers, the forced-withdrawal
// calls and the allocator registry follow The Compact v1; its claim entry point (multichainClaim
// with flat arguments) and nonce read are the devnet contract's own, so the filler sends nothing
// here on a real chain.
import { parseAbi } from 'viem'

export const lockContractAbi = parseAbi([
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function isNonceConsumed(address sponsor, uint256 nonce) view returns (bool)',
  'function getForcedWithdrawalStatus(address account, uint256 id) view returns (uint8 status, uint256 withdrawableAt)',
  'function enableForcedWithdrawal(uint256 id) returns (uint256 withdrawableAt)',
  'function forcedWithdrawal(uint256 id, address recipient, uint256 amount) returns (bool)',
  'function transfer(address receiver, uint256 id, uint256 amount) returns (bool)',
  'event Claim(address indexed sponsor, address indexed arbiter, bytes32 claimHash, uint256 nonce)',
])

/** The Compact's ResetPeriod, by the 3 bits of a lock tag: 1 s, 15 s, 1 min, 10 min, 1 h 5 min, 1 day, 7 days 1 h, 30 days. */
export const resetPeriodSeconds = [1n, 15n, 60n, 600n, 3_900n, 86_400n, 612_000n, 2_592_000n] as const
