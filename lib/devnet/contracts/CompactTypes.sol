// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// The Compact v1's claim payloads and allocator hook, as its ITheCompactClaims / IAllocator
// declare them (field order is the ABI): written here for the devnet's stand-in.

/// @notice One payout of a claim: claimant = lockTag (bytes12) << 160 | recipient. A zero lockTag
/// withdraws the underlying token; the claimed lock's own tag transfers the ERC-6909 balance.
struct Component {
    uint256 claimant;
    uint256 amount;
}

struct BatchClaimComponent {
    uint256 id;
    uint256 allocatedAmount;
    Component[] portions;
}

/// @notice A multichain claim on the chain that notarized the compact (its first element).
struct BatchMultichainClaim {
    bytes allocatorData;
    bytes sponsorSignature;
    address sponsor;
    uint256 nonce;
    uint256 expires;
    bytes32 witness;
    string witnessTypestring;
    BatchClaimComponent[] claims;
    bytes32[] additionalChains;
}

/// @notice A multichain claim on any later element's chain: this chain's element hash goes after
/// additionalChains[chainIndex]; the sponsor signed on notarizedChainId's domain.
struct ExogenousBatchMultichainClaim {
    bytes allocatorData;
    bytes sponsorSignature;
    address sponsor;
    uint256 nonce;
    uint256 expires;
    bytes32 witness;
    string witnessTypestring;
    BatchClaimComponent[] claims;
    bytes32[] additionalChains;
    uint256 chainIndex;
    uint256 notarizedChainId;
}

/// @notice A transfer or withdrawal of the caller's own locked balance, authorised by its allocator.
struct AllocatedTransfer {
    bytes allocatorData;
    uint256 nonce;
    uint256 expires;
    uint256 id;
    Component[] recipients;
}

interface IAllocator {
    /// @notice Asked before a locked balance moves by ERC-6909 transfer: its selector allows it.
    function attest(address operator, address from, address to, uint256 id, uint256 amount) external returns (bytes4);

    /// @notice Asked before a claim or an allocated transfer releases locked funds.
    function authorizeClaim(
        bytes32 claimHash,
        address arbiter,
        address sponsor,
        uint256 nonce,
        uint256 expires,
        uint256[2][] calldata idsAndAmounts,
        bytes calldata allocatorData
    ) external returns (bytes4);

    function isClaimAuthorized(
        bytes32 claimHash,
        address arbiter,
        address sponsor,
        uint256 nonce,
        uint256 expires,
        uint256[2][] calldata idsAndAmounts,
        bytes calldata allocatorData
    ) external view returns (bool);
}

/// @notice The claim entry points of The Compact this devnet implements (the published client
/// signs MultichainCompacts only, so the single-chain Compact / BatchCompact claims are absent).
interface ITheCompactClaims {
    function batchMultichainClaim(BatchMultichainClaim calldata claimPayload) external returns (bytes32 claimHash);

    function exogenousBatchClaim(ExogenousBatchMultichainClaim calldata claimPayload) external returns (bytes32 claimHash);
}

/// @notice The reads of The Compact the allocator makes.
interface ITheCompactReads {
    function balanceOf(address owner, uint256 id) external view returns (uint256);

    function hasConsumedAllocatorNonce(uint256 nonce, address allocator) external view returns (bool);

    function getForcedWithdrawalStatus(address account, uint256 id) external view returns (uint8 status, uint256 withdrawableAt);
}

/// @notice The Compact's registration of a claim hash for a sponsor: a registered claim needs no
/// sponsor signature when it is processed.
interface ITheCompactRegistration {
    event CompactRegistered(address indexed sponsor, bytes32 claimHash, bytes32 typehash);

    function register(bytes32 claimHash, bytes32 typehash) external returns (bool);

    function registerMultichainFor(
        bytes32 typehash,
        address sponsor,
        uint256 nonce,
        uint256 expires,
        bytes32 elementsHash,
        uint256 notarizedChainId,
        bytes calldata sponsorSignature
    ) external returns (bytes32 claimHash);

    function isRegistered(address sponsor, bytes32 claimHash, bytes32 typehash) external view returns (bool);
}
