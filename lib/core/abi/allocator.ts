// DEVNET-ONLY. The ABI of our devnet allocator (lib/devnet/contracts/Allocator.sol), at the default
// lock tag's allocator address on the devnet. Its IAllocator hooks (attest, authorizeClaim) are The
// Compact's; `allocate`, which records a signed compact so no transfer can leave it unfunded, is
// ours: a production allocator is its own service and co-signs instead.
import { parseAbi } from 'viem'
import { signature } from './signature'

export const allocatorAbi = parseAbi([
  signature(
    'struct Commitment { address sponsor; uint256 nonce; uint256 expires; address arbiter; ',
    'uint256[2][] idsAndAmounts; bytes32 witness; string witnessTypestring; bytes32[] elementHashes; ',
    'uint256 elementIndex; uint256 notarizedChainId; bytes sponsorSignature; }',
  ),
  'function allocate(Commitment commitment) returns (bytes32 claimHash)',
  'function outstanding(address sponsor, uint256 id) view returns (uint256)',
  signature(
    'function allocations(address sponsor, uint256 nonce) view returns (uint256 expires, bytes32 claimHash, ',
    'bool claimed)',
  ),
  'function inScope(uint256 nonce, address sponsor) pure returns (bool)',
  'function listed(address sponsor, uint256 id) view returns (uint256)',
  'event Allocated(address indexed sponsor, uint256 indexed nonce, bytes32 claimHash, uint256 expires)',
])
