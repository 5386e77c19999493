// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Devnet allocator, placed at the default allocator's address on every chain and
/// registered with the resource-lock contract. It always approves: a real allocator co-signs
/// only claims whose locks it has not already allocated elsewhere. It answers only the lock
/// contract, and logs every claim it approves.
contract Allocator {
    address public constant THE_COMPACT = 0x00000000000000171ede64904551eeDF3C6C9788;

    event ClaimAuthorized(bytes32 indexed claimHash, address indexed arbiter, address indexed sponsor, uint256 nonce, uint256 expires);

    function authorizeClaim(
        bytes32 claimHash,
        address arbiter,
        address sponsor,
        uint256 nonce,
        uint256 expires,
        uint256[2][] calldata, /* idsAndAmounts */
        bytes calldata /* allocatorData */
    ) external returns (bytes4) {
        require(msg.sender == THE_COMPACT, "Allocator: only the lock contract");
        emit ClaimAuthorized(claimHash, arbiter, sponsor, nonce, expires);
        return this.authorizeClaim.selector;
    }
}
