// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Devnet stand-in for Rhinestone's OwnableValidator (ERC-7579 validator), at its address:
/// each account installs `abi.encode(threshold, owners)` (owners sorted ascending, no duplicates)
/// and an ERC-1271 check passes when `threshold` distinct owners signed the hash. A signature is
/// 65 bytes per signer (r ‖ s ‖ v); v above 30 means the signer signed the hash as an EIP-191
/// personal message (v − 4), as the published client signs, otherwise the hash itself.
/// Owners change as the client's actions change them: `addOwner` puts the new owner first,
/// `removeOwner(prevOwner, owner)` names the owner before it (the sentinel 0x…01 for the first),
/// `setThreshold`; each only by the account itself (through its executor or its own call).
/// Not modelled: ERC-4337 user-operation validation.
contract OwnableValidator {
    address internal constant SENTINEL = address(1);
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

    function addOwner(address owner) external {
        require(threshold[msg.sender] > 0, "OwnableValidator: not installed");
        require(owner != address(0) && owner != SENTINEL, "OwnableValidator: bad owner");
        address[] storage owners = _owners[msg.sender];
        require(!_isOwner(owners, owner), "OwnableValidator: already an owner");
        owners.push(owner);
        for (uint256 i = owners.length - 1; i > 0; i--) owners[i] = owners[i - 1];
        owners[0] = owner;
    }

    function removeOwner(address prevOwner, address owner) external {
        address[] storage owners = _owners[msg.sender];
        require(owners.length > threshold[msg.sender], "OwnableValidator: below threshold");
        uint256 at = type(uint256).max;
        for (uint256 i = 0; i < owners.length; i++) if (owners[i] == owner) at = i;
        require(at != type(uint256).max, "OwnableValidator: not an owner");
        require(prevOwner == (at == 0 ? SENTINEL : owners[at - 1]), "OwnableValidator: wrong previous owner");
        for (uint256 i = at; i + 1 < owners.length; i++) owners[i] = owners[i + 1];
        owners.pop();
    }

    function setThreshold(uint256 t) external {
        require(threshold[msg.sender] > 0, "OwnableValidator: not installed");
        require(t > 0 && t <= _owners[msg.sender].length, "OwnableValidator: bad threshold");
        threshold[msg.sender] = t;
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
