// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {CompactHashes} from "./CompactHashes.sol";
import {IAllocator, ITheCompactReads, ITheCompactRegistration} from "./CompactTypes.sol";

/// @notice Devnet allocator, placed at the default allocator's address on every chain and
/// registered with the lock contract. It keeps every submitted intent's locks funded, and every
/// allocated claim payable whatever the sponsor does afterwards:
///
/// - `allocate` records one chain's element of a MultichainCompact the sponsor signed (anyone may
///   send it: the sponsor's signature is the authority; the filler sends it before it fills). The
///   lock contract checks that signature once, here, and registers the compact's claim hash for
///   the sponsor (The Compact's `registerMultichainFor`): the later claim needs no signature, so
///   nothing the sponsor does to its keys, validators or EIP-7702 delegation after allocation can
///   stop it. It is refused unless the sponsor's balance of every lock covers this compact plus
///   every other live allocation, and no forced withdrawal of those locks could complete before
///   it expires.
/// - `authorizeClaim` lets an allocated nonce be claimed only as the compact allocated under it;
///   any other claim or allocated transfer/withdrawal, and `attest` (ERC-6909 transfers), only
///   if what stays in the lock still covers the live allocations.
///
/// Nonces are scoped to the sponsor: a nonce's low 160 bits must be the sponsor's address (the
/// high 96 bits are the sponsor's counter), for allocations, claims and allocated transfers
/// alike, so nobody can consume another account's nonce. Allocations are keyed by (sponsor,
/// nonce). An allocation is live until its claim or its `expires` (the lock contract refuses a
/// claim after it); each lock keeps only its live allocations' nonces (a claimed one is removed
/// at once, an expired one at the next allocation), so an allocation's cost does not grow with
/// the sponsor's history.
contract Allocator is IAllocator {
    address public constant THE_COMPACT = 0x00000000000000171ede64904551eeDF3C6C9788;

    /// @notice One chain's element of a signed MultichainCompact, as the sponsor signed it.
    struct Commitment {
        address sponsor;
        uint256 nonce;
        uint256 expires;
        address arbiter;
        uint256[2][] idsAndAmounts;
        bytes32 witness;
        string witnessTypestring;
        bytes32[] elementHashes;
        uint256 elementIndex;
        uint256 notarizedChainId;
        bytes sponsorSignature;
    }

    struct Allocation {
        uint256 expires;
        bytes32 claimHash;
        bool claimed;
    }

    event Allocated(address indexed sponsor, uint256 indexed nonce, bytes32 claimHash, uint256 expires);
    event ClaimAuthorized(bytes32 indexed claimHash, address indexed arbiter, address indexed sponsor, uint256 nonce, uint256 expires);

    mapping(address => mapping(uint256 => Allocation)) public allocations;
    /// @dev Per sponsor, allocation nonce and lock id, the amount it commits.
    mapping(address => mapping(uint256 => mapping(uint256 => uint256))) internal _committed;
    /// @dev Per sponsor and lock id, the nonces of its live allocations (and expired ones not yet pruned).
    mapping(address => mapping(uint256 => uint256[])) internal _liveNonces;
    /// @dev Per sponsor, lock id and nonce, its position in _liveNonces plus one (0: not listed).
    mapping(address => mapping(uint256 => mapping(uint256 => uint256))) internal _position;

    /// @notice Whether `nonce` is in `sponsor`'s scope: its low 160 bits are the sponsor's address.
    function inScope(uint256 nonce, address sponsor) public pure returns (bool) {
        return address(uint160(nonce)) == sponsor;
    }

    function allocate(Commitment calldata c) external returns (bytes32 claimHash) {
        require(inScope(c.nonce, c.sponsor), "Allocator: the nonce is not in the sponsor's scope");
        (bytes32 elementTypehash, bytes32 compactTypehash) = CompactHashes.typehashes(c.witnessTypestring);
        bytes32 element = CompactHashes.elementHash(
            elementTypehash,
            c.arbiter,
            block.chainid,
            CompactHashes.commitmentsHash(c.idsAndAmounts),
            c.witness,
            bytes(c.witnessTypestring).length > 0
        );
        require(
            c.elementIndex < c.elementHashes.length && c.elementHashes[c.elementIndex] == element,
            "Allocator: not this chain's element"
        );
        claimHash = CompactHashes.compactHash(compactTypehash, c.sponsor, c.nonce, c.expires, c.elementHashes);
        Allocation storage a = allocations[c.sponsor][c.nonce];
        if (a.claimHash != bytes32(0)) {
            require(a.claimHash == claimHash, "Allocator: nonce allocated to another compact");
            emit Allocated(c.sponsor, c.nonce, claimHash, c.expires);
            return claimHash;
        }
        require(block.timestamp <= c.expires, "Allocator: compact expired");
        require(
            !ITheCompactReads(THE_COMPACT).hasConsumedAllocatorNonce(c.nonce, address(this)), "Allocator: nonce already used"
        );
        // The sponsor's signature is checked once, now, and the claim bound to it on chain.
        if (!ITheCompactRegistration(THE_COMPACT).isRegistered(c.sponsor, claimHash, compactTypehash)) {
            ITheCompactRegistration(THE_COMPACT).registerMultichainFor(
                compactTypehash,
                c.sponsor,
                c.nonce,
                c.expires,
                keccak256(abi.encodePacked(c.elementHashes)),
                c.notarizedChainId,
                c.sponsorSignature
            );
        }
        allocations[c.sponsor][c.nonce] = Allocation({expires: c.expires, claimHash: claimHash, claimed: false});
        for (uint256 i = 0; i < c.idsAndAmounts.length; i++) {
            uint256 id = c.idsAndAmounts[i][0];
            _prune(c.sponsor, id);
            if (_position[c.sponsor][id][c.nonce] == 0) {
                _liveNonces[c.sponsor][id].push(c.nonce);
                _position[c.sponsor][id][c.nonce] = _liveNonces[c.sponsor][id].length;
            }
            _committed[c.sponsor][c.nonce][id] += c.idsAndAmounts[i][1];
        }
        for (uint256 i = 0; i < c.idsAndAmounts.length; i++) {
            uint256 id = c.idsAndAmounts[i][0];
            require(
                _balance(c.sponsor, id) >= outstanding(c.sponsor, id),
                "Allocator: the lock does not cover this intent and the sponsor's other intents"
            );
            (uint8 status, uint256 withdrawableAt) =
                ITheCompactReads(THE_COMPACT).getForcedWithdrawalStatus(c.sponsor, id);
            require(
                status == 0 || withdrawableAt > c.expires,
                "Allocator: a forced withdrawal of the lock completes before the intent expires"
            );
        }
        emit Allocated(c.sponsor, c.nonce, claimHash, c.expires);
    }

    /// @notice What the sponsor's live allocations commit of lock `id`.
    function outstanding(address sponsor, uint256 id) public view returns (uint256 total) {
        uint256[] storage nonces = _liveNonces[sponsor][id];
        for (uint256 i = 0; i < nonces.length; i++) {
            Allocation storage a = allocations[sponsor][nonces[i]];
            if (!a.claimed && block.timestamp <= a.expires) total += _committed[sponsor][nonces[i]][id];
        }
    }

    /// @notice How many allocations lock `id` of `sponsor` still lists (live, or expired and not yet pruned).
    function listed(address sponsor, uint256 id) external view returns (uint256) {
        return _liveNonces[sponsor][id].length;
    }

    /// @dev Drops the lock's expired allocations from its list.
    function _prune(address sponsor, uint256 id) internal {
        uint256[] storage nonces = _liveNonces[sponsor][id];
        uint256 i = 0;
        while (i < nonces.length) {
            Allocation storage a = allocations[sponsor][nonces[i]];
            if (a.claimed || block.timestamp > a.expires) _unlist(sponsor, id, nonces[i]);
            else i++;
        }
    }

    /// @dev Removes `nonce` from the lock's list (swap with the last, then pop).
    function _unlist(address sponsor, uint256 id, uint256 nonce) internal {
        uint256 at = _position[sponsor][id][nonce];
        if (at == 0) return;
        uint256[] storage nonces = _liveNonces[sponsor][id];
        uint256 last = nonces[nonces.length - 1];
        nonces[at - 1] = last;
        _position[sponsor][id][last] = at;
        nonces.pop();
        delete _position[sponsor][id][nonce];
    }

    function authorizeClaim(
        bytes32 claimHash,
        address arbiter,
        address sponsor,
        uint256 nonce,
        uint256 expires,
        uint256[2][] calldata idsAndAmounts,
        bytes calldata
    ) external returns (bytes4) {
        require(msg.sender == THE_COMPACT, "Allocator: only the lock contract");
        require(inScope(nonce, sponsor), "Allocator: the nonce is not in the sponsor's scope");
        Allocation storage a = allocations[sponsor][nonce];
        if (a.claimHash != bytes32(0)) {
            require(a.claimHash == claimHash, "Allocator: nonce allocated to another compact");
            a.claimed = true;
            for (uint256 i = 0; i < idsAndAmounts.length; i++) _unlist(sponsor, idsAndAmounts[i][0], nonce);
        } else {
            _requireFunded(sponsor, idsAndAmounts);
        }
        emit ClaimAuthorized(claimHash, arbiter, sponsor, nonce, expires);
        return this.authorizeClaim.selector;
    }

    function isClaimAuthorized(
        bytes32 claimHash,
        address,
        address sponsor,
        uint256 nonce,
        uint256,
        uint256[2][] calldata idsAndAmounts,
        bytes calldata
    ) external view returns (bool) {
        if (!inScope(nonce, sponsor)) return false;
        Allocation storage a = allocations[sponsor][nonce];
        if (a.claimHash != bytes32(0)) return a.claimHash == claimHash && !a.claimed;
        for (uint256 i = 0; i < idsAndAmounts.length; i++) {
            if (_free(sponsor, idsAndAmounts[i][0]) < idsAndAmounts[i][1]) return false;
        }
        return true;
    }

    /// @notice ERC-6909 transfers of a locked balance: allowed while the rest covers every live allocation.
    function attest(address, address from, address, uint256 id, uint256 amount) external view returns (bytes4) {
        require(msg.sender == THE_COMPACT, "Allocator: only the lock contract");
        uint256[2][] memory idsAndAmounts = new uint256[2][](1);
        idsAndAmounts[0] = [id, amount];
        _requireFunded(from, idsAndAmounts);
        return this.attest.selector;
    }

    /// @dev A move larger than the balance is left to the lock contract to refuse.
    function _requireFunded(address sponsor, uint256[2][] memory idsAndAmounts) internal view {
        for (uint256 i = 0; i < idsAndAmounts.length; i++) {
            (uint256 id, uint256 amount) = (idsAndAmounts[i][0], idsAndAmounts[i][1]);
            require(amount > _balance(sponsor, id) || _free(sponsor, id) >= amount, "Allocator: would leave a submitted intent's lock unfunded");
        }
    }

    /// @dev What of the sponsor's lock no live allocation needs.
    function _free(address sponsor, uint256 id) internal view returns (uint256) {
        uint256 balance = _balance(sponsor, id);
        uint256 owed = outstanding(sponsor, id);
        return balance > owed ? balance - owed : 0;
    }

    function _balance(address sponsor, uint256 id) internal view returns (uint256) {
        return ITheCompactReads(THE_COMPACT).balanceOf(sponsor, id);
    }
}
