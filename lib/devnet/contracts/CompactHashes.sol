// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BatchClaimComponent} from "./CompactTypes.sol";

interface IERC1271 {
    function isValidSignature(bytes32 digest, bytes calldata signature) external view returns (bytes4);
}

/// @notice The EIP-712 hashes of The Compact's MultichainCompact and the sponsor's signature
/// check, shared by the devnet's lock contract, its allocator and the intent executor.
/// A claim's witnessTypestring is the Mandate's fields and nested types without the closing
/// parenthesis, as in The Compact: "Mandate(" + witnessTypestring + ")".
library CompactHashes {
    /// @notice The verifyingContract of the domain the published client signs compacts with.
    address internal constant SIGNING_CONTRACT = 0x73d2Dc0c21fca4EC1601895d50Df7f5624f07D3F;

    bytes32 internal constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 internal constant LOCK_TYPEHASH = keccak256("Lock(bytes12 lockTag,address token,uint256 amount)");
    bytes internal constant COMPACT_FIELDS = "MultichainCompact(address sponsor,uint256 nonce,uint256 expires,Element[] elements)";
    bytes internal constant ELEMENT_WITNESS_PREFIX =
        "Element(address arbiter,uint256 chainId,Lock[] commitments,Mandate mandate)Lock(bytes12 lockTag,address token,uint256 amount)Mandate(";
    bytes internal constant ELEMENT_NO_WITNESS =
        "Element(address arbiter,uint256 chainId,Lock[] commitments)Lock(bytes12 lockTag,address token,uint256 amount)";

    /// secp256k1n / 2: signatures with a higher s are malleable and rejected.
    uint256 internal constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    /// @notice The Element and MultichainCompact typehashes for a witness typestring.
    function typehashes(string memory witnessTypestring) internal pure returns (bytes32 element, bytes32 compact) {
        bytes memory elementType = bytes(witnessTypestring).length == 0
            ? ELEMENT_NO_WITNESS
            : abi.encodePacked(ELEMENT_WITNESS_PREFIX, witnessTypestring, ")");
        return (keccak256(elementType), keccak256(abi.encodePacked(COMPACT_FIELDS, elementType)));
    }

    /// @notice Lock(lockTag, token, amount) of a lock id (lockTag: top 96 bits, token: low 160).
    function lockHash(uint256 id, uint256 amount) internal pure returns (bytes32) {
        return keccak256(abi.encode(LOCK_TYPEHASH, bytes12(bytes32(id)), address(uint160(id)), amount));
    }

    function commitmentsHash(BatchClaimComponent[] calldata claims) internal pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](claims.length);
        for (uint256 i = 0; i < claims.length; i++) hashes[i] = lockHash(claims[i].id, claims[i].allocatedAmount);
        return keccak256(abi.encodePacked(hashes));
    }

    function commitmentsHash(uint256[2][] memory idsAndAmounts) internal pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](idsAndAmounts.length);
        for (uint256 i = 0; i < idsAndAmounts.length; i++) hashes[i] = lockHash(idsAndAmounts[i][0], idsAndAmounts[i][1]);
        return keccak256(abi.encodePacked(hashes));
    }

    function elementHash(bytes32 elementTypehash, address arbiter, uint256 chainId, bytes32 commitments, bytes32 witness, bool hasWitness)
        internal
        pure
        returns (bytes32)
    {
        if (!hasWitness) return keccak256(abi.encode(elementTypehash, arbiter, chainId, commitments));
        return keccak256(abi.encode(elementTypehash, arbiter, chainId, commitments, witness));
    }

    /// @notice Every element hash in signed order: this chain's element inserted after
    /// additionalChains[chainIndex], or first when `first`.
    function withElement(bytes32[] calldata additionalChains, bytes32 element, bool first, uint256 chainIndex)
        internal
        pure
        returns (bytes32[] memory all)
    {
        uint256 at = first ? 0 : chainIndex + 1;
        require(at <= additionalChains.length, "CompactHashes: chain index out of range");
        all = new bytes32[](additionalChains.length + 1);
        for (uint256 i = 0; i < all.length; i++) all[i] = i < at ? additionalChains[i] : i == at ? element : additionalChains[i - 1];
    }

    function compactHash(bytes32 compactTypehash, address sponsor, uint256 nonce, uint256 expires, bytes32[] memory elementHashes)
        internal
        pure
        returns (bytes32)
    {
        return keccak256(abi.encode(compactTypehash, sponsor, nonce, expires, keccak256(abi.encodePacked(elementHashes))));
    }

    /// @notice The EIP-712 domain separator of the compact signing domain on `chainId`.
    function domainSeparator(uint256 chainId) internal pure returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("The Compact"), keccak256("1"), chainId, SIGNING_CONTRACT));
    }

    function digest(uint256 notarizedChainId, bytes32 claimHash) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(notarizedChainId), claimHash));
    }

    /// @notice ECDSA (65-byte or EIP-2098 64-byte) by the sponsor, else ERC-1271 if the sponsor has code.
    function signedBy(address sponsor, bytes32 hash, bytes calldata signature) internal view returns (bool) {
        if (sponsor != address(0) && recover(hash, signature) == sponsor) return true;
        if (sponsor.code.length == 0) return false;
        (bool ok, bytes memory answer) = sponsor.staticcall(abi.encodeCall(IERC1271.isValidSignature, (hash, signature)));
        return ok && answer.length >= 32 && abi.decode(answer, (bytes4)) == IERC1271.isValidSignature.selector;
    }

    function recover(bytes32 hash, bytes calldata signature) internal pure returns (address) {
        bytes32 r;
        bytes32 s;
        uint8 v;
        if (signature.length == 65) {
            r = bytes32(signature[0:32]);
            s = bytes32(signature[32:64]);
            v = uint8(signature[64]);
        } else if (signature.length == 64) {
            r = bytes32(signature[0:32]);
            bytes32 vs = bytes32(signature[32:64]);
            s = vs & bytes32(0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff);
            v = uint8(uint256(vs) >> 255) + 27;
        } else {
            return address(0);
        }
        if (v < 27) v += 27;
        if (uint256(s) > MAX_S || (v != 27 && v != 28)) return address(0);
        return ecrecover(hash, v, r, s);
    }
}
