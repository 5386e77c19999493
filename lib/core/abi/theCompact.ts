// The Compact v1 (ITheCompact / ITheCompactClaims, MIT), at its canonical address on every chain.
// CANONICAL: every fragment in `lockContractAbi` is The Compact v1's own, with its struct claim
// payloads, so the filler sends on the devnet exactly what it would send to the real contract
// (lib/devnet/contracts/ResourceLocks.sol implements these on the devnet; a unit test checks each
// fragment exists there). Nothing devnet-only is encoded at this address.
import { parseAbi } from 'viem'
import { signature } from './signature'

export const lockContractAbi = parseAbi([
  // claimant = lockTag (bytes12) << 160 | recipient; a zero lock tag withdraws the underlying token.
  'struct Component { uint256 claimant; uint256 amount; }',
  'struct BatchClaimComponent { uint256 id; uint256 allocatedAmount; Component[] portions; }',
  signature(
    'struct BatchMultichainClaim { bytes allocatorData; bytes sponsorSignature; address sponsor; uint256 nonce; ',
    'uint256 expires; bytes32 witness; string witnessTypestring; BatchClaimComponent[] claims; ',
    'bytes32[] additionalChains; }',
  ),
  signature(
    'struct ExogenousBatchMultichainClaim { bytes allocatorData; bytes sponsorSignature; address sponsor; ',
    'uint256 nonce; uint256 expires; bytes32 witness; string witnessTypestring; BatchClaimComponent[] claims; ',
    'bytes32[] additionalChains; uint256 chainIndex; uint256 notarizedChainId; }',
  ),
  signature(
    'struct AllocatedTransfer { bytes allocatorData; uint256 nonce; uint256 expires; uint256 id; ',
    'Component[] recipients; }',
  ),
  'function batchMultichainClaim(BatchMultichainClaim claimPayload) returns (bytes32 claimHash)',
  'function exogenousBatchClaim(ExogenousBatchMultichainClaim claimPayload) returns (bytes32 claimHash)',
  'function allocatedTransfer(AllocatedTransfer transfer) returns (bool)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function transfer(address receiver, uint256 id, uint256 amount) returns (bool)',
  'function depositNative(bytes12 lockTag, address recipient) payable returns (uint256 id)',
  'function depositERC20(address token, bytes12 lockTag, uint256 amount, address recipient) returns (uint256 id)',
  'function hasConsumedAllocatorNonce(uint256 nonce, address allocator) view returns (bool consumed)',
  'function register(bytes32 claimHash, bytes32 typehash) returns (bool)',
  signature(
    'function registerMultichainFor(bytes32 typehash, address sponsor, uint256 nonce, uint256 expires, ',
    'bytes32 elementsHash, uint256 notarizedChainId, bytes sponsorSignature) returns (bytes32 claimHash)',
  ),
  'function isRegistered(address sponsor, bytes32 claimHash, bytes32 typehash) view returns (bool)',
  'event CompactRegistered(address indexed sponsor, bytes32 claimHash, bytes32 typehash)',
  'function __registerAllocator(address allocator, bytes proof) returns (uint96 allocatorId)',
  signature(
    'function getLockDetails(uint256 id) view returns (address token, address allocator, uint8 resetPeriod, ',
    'uint8 scope, bytes12 lockTag)',
  ),
  signature(
    'function getForcedWithdrawalStatus(address account, uint256 id) view returns (uint8 status, ',
    'uint256 forcedWithdrawalAvailableAt)',
  ),
  'function enableForcedWithdrawal(uint256 id) returns (uint256 withdrawableAt)',
  'function disableForcedWithdrawal(uint256 id) returns (bool)',
  'function forcedWithdrawal(uint256 id, address recipient, uint256 amount) returns (bool)',
  signature(
    'event Claim(address indexed sponsor, address indexed allocator, address indexed arbiter, bytes32 claimHash, ',
    'uint256 nonce)',
  ),
  signature(
    'event ForcedWithdrawalStatusUpdated(address indexed account, uint256 indexed id, bool activating, ',
    'uint256 withdrawableAt)',
  ),
  'event AllocatorRegistered(uint96 allocatorId, address allocator)',
])

/** The Compact's ResetPeriod, by the 3 bits of a lock tag: 1 s, 15 s, 1 min, 10 min, 1 h 5 min, 1 day, 7 days 1 h, 30
 * days. */
export const resetPeriodSeconds = [1n, 15n, 60n, 600n, 3_900n, 86_400n, 612_000n, 2_592_000n] as const

/** getForcedWithdrawalStatus's status values (The Compact's ForcedWithdrawalStatus). */
export const forcedWithdrawalStatus = { disabled: 0, pending: 1, enabled: 2 } as const
