// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Devnet stand-in for Rhinestone's OwnableValidator (ERC-7579 validator), at its address:
/// each account installs `abi.encode(threshold, owners)` (owners sorted ascending, no duplicates)
/// and an ERC-1271 check passes when `threshold` distinct owners signed the hash. A signature is
/// 65 bytes per signer (r ‖ s ‖ v); v above 30 means the signer signed the hash as an EIP-191
/// personal message (v − 4), as the published client signs, otherwise the hash itself.
/// Not modelled: ERC-4337 user-operation validation.
contract OwnableValidator {
    uint256 internal constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    mapping(address => uint256) public threshold;
    mapping(address => address[]) internal _owners;

    function onInstall(bytes calldata data) external {
        require(threshold[msg.sender] == 0, "OwnableValidator: already installed");
        (uint256 t, address[] memory owners) = abi.decode(data, (uint256, address[]));
        require(t > 0 && t <= owners.length, "OwnableValidator: bad threshold");
        for (uint256 i = 0; i < owners.length; i++) {
            require(owners[i] != address(0), "OwnableValidator: zero owner");
            require(i == 0 || owners[i - 1] < owners[i], "OwnableValidator: owners not sorted or repeated");
            _owners[msg.sender].push(owners[i]);
        }
        threshold[msg.sender] = t;
    }

    function onUninstall(bytes calldata) external {
        delete threshold[msg.sender];
        delete _owners[msg.sender];
    }

    function isModuleType(uint256 moduleTypeId) external pure returns (bool) {
        return moduleTypeId == 1;
    }

    function isInitialized(address account) external view returns (bool) {
        return threshold[account] > 0;
    }

    function getOwners(address account) external view returns (address[] memory) {
        return _owners[account];
    }

    function isValidSignatureWithSender(address, bytes32 hash, bytes calldata data) external view returns (bytes4) {
        return _check(msg.sender, hash, data) ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    function _check(address account, bytes32 hash, bytes calldata data) internal view returns (bool) {
        uint256 t = threshold[account];
        if (t == 0 || data.length < 65 * t) return false;
        address[] storage owners = _owners[account];
        address[] memory seen = new address[](t);
        for (uint256 i = 0; i < t; i++) {
            bytes32 r = bytes32(data[65 * i:65 * i + 32]);
            bytes32 s = bytes32(data[65 * i + 32:65 * i + 64]);
            uint8 v = uint8(data[65 * i + 64]);
            bytes32 digest = hash;
            if (v > 30) {
                v -= 4;
                digest = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", hash));
            }
            if (uint256(s) > MAX_S) return false;
            address signer = ecrecover(digest, v, r, s);
            if (signer == address(0) || !_isOwner(owners, signer)) return false;
            for (uint256 j = 0; j < i; j++) if (seen[j] == signer) return false;
            seen[i] = signer;
        }
        return true;
    }

    function _isOwner(address[] storage owners, address who) internal view returns (bool) {
        for (uint256 i = 0; i < owners.length; i++) if (owners[i] == who) return true;
        return false;
    }
}
