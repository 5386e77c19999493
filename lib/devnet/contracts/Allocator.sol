// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Devnet allocator, placed at the default allocator's address on every chain and
/// registered with the resource-lock contract. It approves every claim the lock contract has
/// checked (the sponsor's signature, the arbiter, the nonce), and it never attests a transfer:
/// a locked balance leaves only through a claim or the sponsor's forced withdrawal after the
/// reset period, so no balance behind a submitted intent can move before its claim window ends.
/// A production allocator co-signs transfers that leave every outstanding compact funded.
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

    /// @notice Transfers of locked balances: refused.
    function attest(address, address, address, uint256, uint256) external pure returns (bytes4) {
        revert("Allocator: locked balances move only by claim or forced withdrawal");
    }
}
