// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Mandate, MandateHashes, Token} from "./MandateHashes.sol";

/// @notice What the attester signs after it saw a `Filled` event on the destination chain. The
/// fill computed `mandateHashes` itself from the Mandates it delivered (one per element), so the
/// attestation proves the delivery of exactly those mandates: recipient, tokenOut, destination
/// chain, fill deadline and destination operations.
struct FillAttestation {
    address sponsor;
    uint256 nonce;
    address recipient;
    Token[] delivered;
    address filler;
    uint256 destinationChainId;
    address destinationArbiter;
    uint256 fillBlock;
    uint256 fillTimestamp;
    bytes32[] mandateHashes;
}

/// @notice The arbiter's check of an EIP-712 `FillAttestation` signed by its attester: it models
/// a bridge's verification of the destination's event (like a Hyperlane ISM with one validator),
/// not a light client.
abstract contract FillAttestations {
    bytes32 public constant FILL_ATTESTATION_TYPEHASH = keccak256(
        "FillAttestation(address sponsor,uint256 nonce,address recipient,Token[] delivered,address filler,"
        "uint256 destinationChainId,address destinationArbiter,uint256 fillBlock,uint256 fillTimestamp,bytes32[] mandateHashes)"
        "Token(address token,uint256 amount)"
    );
    /// @notice The attester's EIP-712 domain: name and version only, so one signature is checked
    /// on every origin chain of a route.
    bytes32 public constant ATTESTER_DOMAIN_SEPARATOR = keccak256(
        abi.encode(keccak256("EIP712Domain(string name,string version)"), keccak256("Intent Router Attester"), keccak256("1"))
    );

    /// secp256k1n / 2: signatures with a higher s are malleable and rejected.
    uint256 internal constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    address public attester;

    function attestationHash(FillAttestation calldata a) public pure returns (bytes32) {
        return keccak256(
            abi.encode(
                FILL_ATTESTATION_TYPEHASH,
                a.sponsor,
                a.nonce,
                a.recipient,
                MandateHashes.tokensHash(a.delivered),
                a.filler,
                a.destinationChainId,
                a.destinationArbiter,
                a.fillBlock,
                a.fillTimestamp,
                keccak256(abi.encodePacked(a.mandateHashes))
            )
        );
    }

    /// @dev The attester signed it, and it proves this mandate's delivery: the fill delivered this
    /// very mandate (its hash is among the fill's), for the same sponsor and nonce, to the mandate's
    /// recipient on its chain, before its deadline, at least every tokenOut.
    function _checkAttestation(address sponsor, uint256 nonce, Mandate calldata mandate, FillAttestation calldata a, bytes calldata signature)
        internal
        view
    {
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", ATTESTER_DOMAIN_SEPARATOR, attestationHash(a)));
        require(_recover(digest, signature) == attester, "Arbiter: not signed by the attester");
        require(a.sponsor == sponsor && a.nonce == nonce, "Arbiter: attestation of another intent");
        bytes32 wanted = MandateHashes.mandateHash(mandate);
        bool delivered = false;
        for (uint256 i = 0; i < a.mandateHashes.length && !delivered; i++) delivered = a.mandateHashes[i] == wanted;
        require(delivered, "Arbiter: the fill was not of this mandate");
        require(a.recipient == mandate.target.recipient, "Arbiter: delivered to another recipient");
        require(a.destinationChainId == mandate.target.targetChain, "Arbiter: filled on another chain");
        require(a.fillTimestamp <= mandate.target.fillExpiry, "Arbiter: filled after the deadline");
        for (uint256 i = 0; i < mandate.target.tokenOut.length; i++) {
            Token calldata wanted = mandate.target.tokenOut[i];
            uint256 got = 0;
            for (uint256 j = 0; j < a.delivered.length; j++) {
                if (a.delivered[j].token == wanted.token) got += a.delivered[j].amount;
            }
            require(got >= wanted.amount, "Arbiter: delivered less than the mandate");
        }
    }

    function _recover(bytes32 digest, bytes calldata signature) internal pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        if (uint256(s) > MAX_S || (v != 27 && v != 28)) return address(0);
        return ecrecover(digest, v, r, s);
    }
}
