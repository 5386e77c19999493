// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// The validator Rhinestone's Nexus 1.2.0 hardwires as its default (a zero validator address in a
// packed signature selects it): the OwnableValidator.
address constant DEFAULT_VALIDATOR = 0x000000000013fdB5234E4E3162a810F54d9f7E98;

uint256 constant MODULE_TYPE_VALIDATOR = 1;
uint256 constant MODULE_TYPE_EXECUTOR = 2;

// The devnet Nexus stand-in's account storage, at one namespaced slot so the bootstrap (run by
// delegatecall) and the implementation read and write the same fields, and an EOA that delegates
// to the implementation (EIP-7702) keeps them apart from anything else it stores.
struct NexusLayout {
    bool initialized;
    mapping(address => bool) validators;
    mapping(address => bool) executors;
}

// keccak256("intent-router.devnet.nexus.storage")
bytes32 constant NEXUS_STORAGE_SLOT = keccak256("intent-router.devnet.nexus.storage");

function nexusLayout() pure returns (NexusLayout storage l) {
    bytes32 slot = NEXUS_STORAGE_SLOT;
    assembly {
        l.slot := slot
    }
}

/// @notice The ERC-7579 module hooks the account calls on install.
interface IModule {
    function onInstall(bytes calldata data) external;
    function onUninstall(bytes calldata data) external;
    function isModuleType(uint256 moduleTypeId) external view returns (bool);
}

/// @notice An ERC-7579 validator's ERC-1271 entry point.
interface IValidator {
    function isValidSignatureWithSender(address sender, bytes32 hash, bytes calldata data) external view returns (bytes4);
}
