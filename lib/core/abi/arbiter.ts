// DEVNET-ONLY. The ABI of our devnet arbiter (lib/devnet/contracts/Arbiter.sol), placed at every
// settlement layer's arbiter address on the devnet: PERMIT2 escrow (and an account's own escrow,
// from its single-chain ops) with release against an attestation, a public refund after a delay and an immediate return by the filler that escrowed, COMPACT claims (The
// Compact's batch multichain claim payloads,
// forwarded to it) against an attestation, and the destination
// fill. A real settlement layer's arbiter at those addresses speaks its own interface.
import { parseAbi } from 'viem'
import { signature } from './signature'

export const arbiterAbi = parseAbi([
  'struct Token { address token; uint256 amount; }',
  'struct Target { address recipient; Token[] tokenOut; uint256 targetChain; uint256 fillExpiry; }',
  'struct Ops { address to; uint256 value; bytes data; }',
  'struct Op { bytes32 vt; Ops[] ops; }',
  'struct Mandate { Target target; uint128 minGas; Op originOps; Op destOps; bytes32 q; }',
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
    'struct FillAttestation { address sponsor; uint256 nonce; address recipient; Token[] delivered; address filler; ',
    'uint256 destinationChainId; address destinationArbiter; uint256 fillBlock; uint256 fillTimestamp; ',
    'bytes32[] mandateHashes; }',
  ),
  signature(
    'function escrowPermit2(address sponsor, uint256 nonce, uint256 deadline, Token[] permitted, Mandate mandate, ',
    'bytes signature)',
  ),
  signature(
    'function release(address sponsor, uint256 nonce, Mandate mandate, FillAttestation attestation, ',
    'bytes attesterSignature)',
  ),
  'function escrowFromAccount(uint256 nonce, Token[] tokens, Mandate mandate) payable',
  'function refund(address sponsor, uint256 nonce)',
  'function returnEscrow(address sponsor, uint256 nonce)',
  'function escrowOf(address sponsor, uint256 nonce) view returns (uint8 status, uint256 refundableAfter)',
  signature(
    'function claimCompact(BatchMultichainClaim claim, Mandate mandate, FillAttestation attestation, ',
    'bytes attesterSignature)',
  ),
  signature(
    'function claimCompactExogenous(ExogenousBatchMultichainClaim claim, Mandate mandate, ',
    'FillAttestation attestation, bytes attesterSignature)',
  ),
  'function fill(address sponsor, uint256 nonce, Mandate[] mandates) payable',
  'function filled(address sponsor, uint256 nonce) view returns (bool)',
  'function attester() view returns (address)',
  'function isFiller(address filler) view returns (bool)',
  'function fillers() view returns (address[])',
  'function REFUND_DELAY() view returns (uint256)',
  'event Escrowed(address indexed sponsor, uint256 indexed nonce, address indexed filler, bytes32 mandateHash)',
  'event EscrowedFromAccount(address indexed sponsor, uint256 indexed nonce, bytes32 mandateHash, Token[] tokens)',
  'event Released(address indexed sponsor, uint256 indexed nonce, address indexed filler)',
  'event Refunded(address indexed sponsor, uint256 indexed nonce, address caller)',
  'event CompactClaimed(address indexed sponsor, uint256 indexed nonce, address indexed claimant, bytes32 claimHash)',
  signature(
    'event Filled(address indexed sponsor, uint256 indexed nonce, address indexed recipient, address filler, ',
    'Token[] delivered, uint256 fillExpiry, bytes32[] mandateHashes)',
  ),
])

/** escrowOf's status values. */
export const escrowStatus = { none: 0, held: 1, released: 2, refunded: 3 } as const

/** The arbiter's REFUND_DELAY: an escrow is refundable this long after its fill deadline. */
export const arbiterRefundDelaySeconds = 300n
