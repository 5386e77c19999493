// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {CompactHashes} from "./CompactHashes.sol";
import {
    AllocatedTransfer,
    BatchClaimComponent,
    BatchMultichainClaim,
    Component,
    ExogenousBatchMultichainClaim,
    IAllocator,
    ITheCompactClaims,
    ITheCompactRegistration
} from "./CompactTypes.sol";
import {ForcedWithdrawal} from "./ForcedWithdrawal.sol";

/// @notice Devnet stand-in for The Compact v1, at its address: ERC-6909 resource locks whose
/// claims, allocator registration, `Claim` event, allocated transfers and forced withdrawal
/// speak The Compact's interface (ITheCompact / ITheCompactClaims), so the filler sends the
/// same calls it would send to the real contract.
///
/// Locks lock: an ERC-6909 transfer needs the lock's allocator's `attest`, a claim or an
/// allocated transfer/withdrawal its `authorizeClaim`; the sponsor's only unilateral exit is a
/// forced withdrawal, a reset period after it is enabled.
///
/// A multichain claim checks the sponsor's EIP-712 MultichainCompact signature (domain
/// "The Compact" / "1" on the notarized chain, verifyingContract = the address the published
/// client signs with), this chain's element (the caller as arbiter, this chain, the claimed locks,
/// the witness), the expiry and the nonce in the allocator's scope, then pays each portion. A claim
/// hash registered for the sponsor (`register`, or `registerMultichainFor` with the sponsor's
/// signature, checked once when it is registered) needs no signature at claim time: the allocator
/// registers every compact it allocates, so a claim it allocated cannot be withdrawn afterwards.
contract ResourceLocks is ITheCompactClaims, ITheCompactRegistration, ForcedWithdrawal {
    event AllocatorRegistered(uint96 allocatorId, address allocator);
    event Claim(address indexed sponsor, address indexed allocator, address indexed arbiter, bytes32 claimHash, uint256 nonce);

    /// @notice The hash an allocated transfer is authorised under (this devnet's own: The Compact
    /// hashes it as a Compact with the caller as arbiter).
    bytes32 public constant ALLOCATED_TRANSFER_TYPEHASH =
        keccak256("AllocatedTransfer(address sponsor,uint256 nonce,uint256 expires,uint256 id,bytes32 recipientsHash)");

    uint256 internal constant ALLOCATOR_ID_MASK = (1 << 92) - 1;
    uint256 internal constant LOW_88_MASK = (1 << 88) - 1;

    mapping(uint96 => address) public allocators;
    mapping(address => mapping(uint256 => bool)) internal _consumedNonces;
    /// @dev sponsor => claim hash => typehash => registered.
    mapping(address => mapping(bytes32 => mapping(bytes32 => bool))) internal _registered;

    // ---- Allocators -------------------------------------------------------------------------

    /// @notice Registers an allocator (an address with code, or the caller itself) under its id:
    /// compactFlag (4 bits) << 88 | low 88 bits of the address. Registering again is a no-op.
    /// The create2 `proof` The Compact also accepts is not supported here.
    function __registerAllocator(address allocator, bytes calldata) external returns (uint96 allocatorId) {
        require(allocator != address(0), "ResourceLocks: zero allocator");
        require(allocator == msg.sender || allocator.code.length > 0, "ResourceLocks: allocator has no code");
        allocatorId = allocatorIdOf(allocator);
        address current = allocators[allocatorId];
        if (current == allocator) return allocatorId;
        require(current == address(0), "ResourceLocks: allocator id taken");
        allocators[allocatorId] = allocator;
        emit AllocatorRegistered(allocatorId, allocator);
    }

    function allocatorIdOf(address allocator) public pure returns (uint96) {
        return uint96((compactFlag(allocator) << 88) | (uint256(uint160(allocator)) & LOW_88_MASK));
    }

    /// @notice 0 below 4 leading zero nibbles, 15 from 18 on, else nibbles - 3.
    function compactFlag(address allocator) public pure returns (uint256) {
        uint256 value = uint160(allocator);
        uint256 nibbles = 0;
        while (nibbles < 40 && (value >> (156 - 4 * nibbles)) & 0xf == 0) nibbles++;
        if (nibbles < 4) return 0;
        if (nibbles >= 18) return 15;
        return nibbles - 3;
    }

    function getLockDetails(uint256 id)
        external
        view
        returns (address token, address allocator, uint8 resetPeriod, uint8 scope, bytes12 lockTag)
    {
        return (address(uint160(id)), _allocatorOf(id), uint8((id >> 252) & 7), uint8(id >> 255), bytes12(bytes32(id)));
    }

    function hasConsumedAllocatorNonce(uint256 nonce, address allocator) external view returns (bool) {
        return _consumedNonces[allocator][nonce];
    }

    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return CompactHashes.domainSeparator(block.chainid);
    }

    // ---- Registration -------------------------------------------------------------------------

    /// @notice Registers a claim hash for the caller as sponsor.
    function register(bytes32 claimHash, bytes32 typehash) external returns (bool) {
        _register(msg.sender, claimHash, typehash);
        return true;
    }

    /// @notice Registers a MultichainCompact for `sponsor` with the sponsor's signature on the
    /// notarized chain's domain; anyone holding the signature may send it.
    function registerMultichainFor(
        bytes32 typehash,
        address sponsor,
        uint256 nonce,
        uint256 expires,
        bytes32 elementsHash,
        uint256 notarizedChainId,
        bytes calldata sponsorSignature
    ) external returns (bytes32 claimHash) {
        claimHash = keccak256(abi.encode(typehash, sponsor, nonce, expires, elementsHash));
        require(
            CompactHashes.signedBy(sponsor, CompactHashes.digest(notarizedChainId, claimHash), sponsorSignature),
            "ResourceLocks: invalid sponsor signature"
        );
        _register(sponsor, claimHash, typehash);
    }

    function isRegistered(address sponsor, bytes32 claimHash, bytes32 typehash) external view returns (bool) {
        return _registered[sponsor][claimHash][typehash];
    }

    function _register(address sponsor, bytes32 claimHash, bytes32 typehash) internal {
        _registered[sponsor][claimHash][typehash] = true;
        emit CompactRegistered(sponsor, claimHash, typehash);
    }

    // ---- Claims -------------------------------------------------------------------------------

    /// @notice Claims this chain's element of a MultichainCompact notarized on this chain (its
    /// first element); `additionalChains` are the later elements' hashes.
    function batchMultichainClaim(BatchMultichainClaim calldata c) external returns (bytes32 claimHash) {
        bytes32 typehash;
        (claimHash, typehash) = _claimHash(c.sponsor, c.nonce, c.expires, c.witness, c.witnessTypestring, c.claims, c.additionalChains, true, 0);
        _settle(claimHash, typehash, block.chainid, c.allocatorData, c.sponsorSignature, c.sponsor, c.nonce, c.expires, c.claims);
    }

    /// @notice Claims a later element: its hash goes after additionalChains[chainIndex], and the
    /// sponsor signed on notarizedChainId's domain.
    function exogenousBatchClaim(ExogenousBatchMultichainClaim calldata c) external returns (bytes32 claimHash) {
        bytes32 typehash;
        (claimHash, typehash) =
            _claimHash(c.sponsor, c.nonce, c.expires, c.witness, c.witnessTypestring, c.claims, c.additionalChains, false, c.chainIndex);
        _settle(claimHash, typehash, c.notarizedChainId, c.allocatorData, c.sponsorSignature, c.sponsor, c.nonce, c.expires, c.claims);
    }

    /// @notice Transfers or withdraws (claimant lock tag 0) the caller's locked balance, with its
    /// allocator's `authorizeClaim` (arbiter = sponsor = the caller).
    function allocatedTransfer(AllocatedTransfer calldata t) external returns (bool) {
        require(block.timestamp <= t.expires, "ResourceLocks: transfer expired");
        address allocator = _consume(t.id, t.nonce);
        uint256 total = 0;
        for (uint256 i = 0; i < t.recipients.length; i++) total += t.recipients[i].amount;
        uint256[2][] memory idsAndAmounts = new uint256[2][](1);
        idsAndAmounts[0] = [t.id, total];
        bytes32 hash = keccak256(
            abi.encode(ALLOCATED_TRANSFER_TYPEHASH, msg.sender, t.nonce, t.expires, t.id, keccak256(abi.encode(t.recipients)))
        );
        _authorize(allocator, hash, msg.sender, t.nonce, t.expires, idsAndAmounts, t.allocatorData);
        _pay(msg.sender, t.id, t.recipients);
        return true;
    }

    function _claimHash(
        address sponsor,
        uint256 nonce,
        uint256 expires,
        bytes32 witness,
        string calldata witnessTypestring,
        BatchClaimComponent[] calldata claims,
        bytes32[] calldata additionalChains,
        bool first,
        uint256 chainIndex
    ) internal view returns (bytes32 claimHash, bytes32 compactTypehash) {
        bytes32 elementTypehash;
        (elementTypehash, compactTypehash) = CompactHashes.typehashes(witnessTypestring);
        bytes32 element = CompactHashes.elementHash(
            elementTypehash, msg.sender, block.chainid, CompactHashes.commitmentsHash(claims), witness, bytes(witnessTypestring).length > 0
        );
        bytes32[] memory elements = CompactHashes.withElement(additionalChains, element, first, chainIndex);
        claimHash = CompactHashes.compactHash(compactTypehash, sponsor, nonce, expires, elements);
    }

    /// @dev Expiry, sponsor signature (unless the claim hash is registered for the sponsor), nonce,
    /// allocator's consent, the Claim event, then payouts.
    function _settle(
        bytes32 claimHash,
        bytes32 typehash,
        uint256 notarizedChainId,
        bytes calldata allocatorData,
        bytes calldata sponsorSignature,
        address sponsor,
        uint256 nonce,
        uint256 expires,
        BatchClaimComponent[] calldata claims
    ) internal {
        require(block.timestamp <= expires, "ResourceLocks: compact expired");
        require(claims.length > 0, "ResourceLocks: nothing claimed");
        require(
            _registered[sponsor][claimHash][typehash]
                || CompactHashes.signedBy(sponsor, CompactHashes.digest(notarizedChainId, claimHash), sponsorSignature),
            "ResourceLocks: invalid sponsor signature"
        );
        address allocator = _consume(claims[0].id, nonce);
        uint256[2][] memory idsAndAmounts = new uint256[2][](claims.length);
        for (uint256 i = 0; i < claims.length; i++) {
            require(_allocatorOf(claims[i].id) == allocator, "ResourceLocks: inconsistent allocators");
            idsAndAmounts[i] = [claims[i].id, claims[i].allocatedAmount];
        }
        _authorize(allocator, claimHash, sponsor, nonce, expires, idsAndAmounts, allocatorData);
        emit Claim(sponsor, allocator, msg.sender, claimHash, nonce);
        for (uint256 i = 0; i < claims.length; i++) {
            uint256 paid = _pay(sponsor, claims[i].id, claims[i].portions);
            require(paid <= claims[i].allocatedAmount, "ResourceLocks: allocated amount exceeded");
        }
    }

    function _authorize(
        address allocator,
        bytes32 claimHash,
        address sponsor,
        uint256 nonce,
        uint256 expires,
        uint256[2][] memory idsAndAmounts,
        bytes calldata allocatorData
    ) internal {
        bytes4 answer = IAllocator(allocator).authorizeClaim(claimHash, msg.sender, sponsor, nonce, expires, idsAndAmounts, allocatorData);
        require(answer == IAllocator.authorizeClaim.selector, "ResourceLocks: allocator refused");
    }

    /// @dev Marks `nonce` used in the scope of lock `id`'s allocator, which it returns.
    function _consume(uint256 id, uint256 nonce) internal returns (address allocator) {
        allocator = _allocatorOf(id);
        require(!_consumedNonces[allocator][nonce], "ResourceLocks: nonce already used");
        _consumedNonces[allocator][nonce] = true;
    }

    /// @dev Pays each portion of `from`'s lock `id`: lock tag 0 withdraws the underlying token,
    /// the lock's own tag moves the ERC-6909 balance.
    function _pay(address from, uint256 id, Component[] calldata portions) internal returns (uint256 total) {
        for (uint256 i = 0; i < portions.length; i++) {
            uint256 tag = portions[i].claimant >> 160;
            address recipient = address(uint160(portions[i].claimant));
            if (tag == 0) {
                _withdraw(from, id, recipient, portions[i].amount);
            } else {
                require(tag == id >> 160, "ResourceLocks: converting to another lock is not supported");
                _move(from, recipient, id, portions[i].amount);
            }
            total += portions[i].amount;
        }
    }

    function _allocatorOf(uint256 id) internal view returns (address allocator) {
        allocator = allocators[uint96((id >> 160) & ALLOCATOR_ID_MASK)];
        require(allocator != address(0), "ResourceLocks: unregistered allocator");
    }

    /// @dev A locked balance moves by transfer only with its allocator's attestation.
    function _attest(address operator, address from, address to, uint256 id, uint256 amount) internal override {
        bytes4 answer = IAllocator(_allocatorOf(id)).attest(operator, from, to, id, amount);
        require(answer == IAllocator.attest.selector, "ResourceLocks: allocator refused the transfer");
    }
}
