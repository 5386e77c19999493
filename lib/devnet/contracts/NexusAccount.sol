// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {
    DEFAULT_VALIDATOR,
    IModule,
    IValidator,
    MODULE_TYPE_EXECUTOR,
    MODULE_TYPE_VALIDATOR,
    NexusLayout,
    nexusLayout
} from "./NexusStorage.sol";

/// @notice Devnet stand-in for the Nexus 1.2.0 account implementation, at its address: the same
/// external interface the published client and the intent executor use. Accounts are the real
/// Nexus proxy (the factory deploys the client's proxy creation code), delegating here; an EOA
/// may delegate here directly (EIP-7702).
/// - `initializeAccount(initData)`: once; `initData` = abi.encode(bootstrap, bootstrapCall), run by
///   delegatecall. For a delegated EOA the data is prefixed with the EOA's signature over the
///   client's `Initialize(address nexus,uint256[] chainIds,bytes initData)` (domain Nexus / 1.2.0)
///   and the chain-id list, as `signEip7702InitData` / `getEip7702InitCall` produce it.
/// - `isValidSignature(hash, validator ‖ signature)`: ERC-1271 through the named validator (a zero
///   address selects the default validator, the OwnableValidator).
/// - `executeFromExecutor(mode, executionCalldata)`: ERC-7579 single or batch calls, only from an
///   installed executor.
/// - `installModule` / `uninstallModule` of validators and executors, by the account itself or an
///   installed executor (the client's module actions, run as the account's own ops).
/// Not modelled: ERC-4337 validation and execution through the EntryPoint, hooks, fallbacks,
/// ERC-7739 nested signatures, upgrades.
contract NexusAccount {
    struct Execution {
        address target;
        uint256 value;
        bytes callData;
    }

    address public constant IMPLEMENTATION = 0x000000000032dDC454C3BDcba80484Ad5A798705;
    bytes32 internal constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,string version)");
    bytes32 internal constant INITIALIZE_TYPEHASH = keccak256("Initialize(address nexus,uint256[] chainIds,bytes initData)");

    event ModuleInstalled(uint256 moduleTypeId, address module);
    event ModuleUninstalled(uint256 moduleTypeId, address module);

    function accountId() external pure returns (string memory) {
        return "biconomy.nexus.1.2.0";
    }

    function initializeAccount(bytes calldata data) external payable {
        NexusLayout storage l = nexusLayout();
        require(!l.initialized, "Nexus: already initialized");
        l.initialized = true;
        bytes calldata initData = _isDelegatedEoa() ? _checkEip7702Init(data) : data;
        (address bootstrap, bytes memory bootstrapCall) = abi.decode(initData, (address, bytes));
        (bool ok, bytes memory answer) = bootstrap.delegatecall(bootstrapCall);
        if (!ok) _bubble(answer);
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length < 20) return 0xffffffff;
        address validator = address(bytes20(signature[0:20]));
        if (validator == address(0)) validator = DEFAULT_VALIDATOR;
        else if (!nexusLayout().validators[validator]) return 0xffffffff;
        try IValidator(validator).isValidSignatureWithSender(msg.sender, hash, signature[20:]) returns (bytes4 answer) {
            return answer;
        } catch {
            return 0xffffffff;
        }
    }

    function executeFromExecutor(bytes32 mode, bytes calldata executionCalldata)
        external
        payable
        returns (bytes[] memory results)
    {
        require(nexusLayout().executors[msg.sender], "Nexus: not an installed executor");
        bytes1 callType = mode[0];
        require(mode[1] == 0x00, "Nexus: unsupported exec type");
        if (callType == 0x00) {
            results = new bytes[](1);
            results[0] = _call(
                address(bytes20(executionCalldata[0:20])), uint256(bytes32(executionCalldata[20:52])), executionCalldata[52:]
            );
        } else if (callType == 0x01) {
            Execution[] memory executions = abi.decode(executionCalldata, (Execution[]));
            results = new bytes[](executions.length);
            for (uint256 i = 0; i < executions.length; i++) {
                results[i] = _call(executions[i].target, executions[i].value, executions[i].callData);
            }
        } else {
            revert("Nexus: unsupported call type");
        }
    }

    function installModule(uint256 moduleTypeId, address module, bytes calldata initData) external payable {
        require(msg.sender == address(this) || nexusLayout().executors[msg.sender], "Nexus: only the account or an executor");
        NexusLayout storage l = nexusLayout();
        if (moduleTypeId == MODULE_TYPE_VALIDATOR) l.validators[module] = true;
        else if (moduleTypeId == MODULE_TYPE_EXECUTOR) l.executors[module] = true;
        else revert("Nexus: unsupported module type");
        IModule(module).onInstall(initData);
        emit ModuleInstalled(moduleTypeId, module);
    }

    /// @notice Removes a validator or an executor (the client's `uninstallModule` action); the
    /// default validator stays, as Nexus keeps one validator.
    function uninstallModule(uint256 moduleTypeId, address module, bytes calldata deInitData) external payable {
        require(msg.sender == address(this) || nexusLayout().executors[msg.sender], "Nexus: only the account or an executor");
        NexusLayout storage l = nexusLayout();
        if (moduleTypeId == MODULE_TYPE_VALIDATOR) {
            require(module != DEFAULT_VALIDATOR && l.validators[module], "Nexus: validator not installed");
            l.validators[module] = false;
        } else if (moduleTypeId == MODULE_TYPE_EXECUTOR) {
            require(l.executors[module], "Nexus: executor not installed");
            l.executors[module] = false;
        } else {
            revert("Nexus: unsupported module type");
        }
        IModule(module).onUninstall(deInitData);
        emit ModuleUninstalled(moduleTypeId, module);
    }

    function isModuleInstalled(uint256 moduleTypeId, address module, bytes calldata) external view returns (bool) {
        NexusLayout storage l = nexusLayout();
        if (moduleTypeId == MODULE_TYPE_VALIDATOR) return module == DEFAULT_VALIDATOR || l.validators[module];
        if (moduleTypeId == MODULE_TYPE_EXECUTOR) return l.executors[module];
        return false;
    }

    function isInitialized() external view returns (bool) {
        return nexusLayout().initialized;
    }

    receive() external payable {}

    /// @dev An EOA delegated to this implementation reads as 0xef0100 ‖ implementation (EIP-7702).
    function _isDelegatedEoa() internal view returns (bool) {
        bytes memory code = address(this).code;
        return code.length == 23 && code[0] == 0xef && code[1] == 0x01 && code[2] == 0x00;
    }

    /// @dev signature (65) ‖ chainIdIndex (32) ‖ chainIdsLength (32) ‖ chainIds (32 each) ‖ initData;
    /// the EOA itself must have signed Initialize over this implementation, the chain ids and initData,
    /// and the chain ids must name this chain (or 0, every chain) at chainIdIndex.
    function _checkEip7702Init(bytes calldata data) internal view returns (bytes calldata initData) {
        require(data.length >= 129, "Nexus: 7702 init data too short");
        uint256 index = uint256(bytes32(data[65:97]));
        uint256 count = uint256(bytes32(data[97:129]));
        require(index < count && data.length >= 129 + 32 * count, "Nexus: bad 7702 chain ids");
        uint256[] memory chainIds = new uint256[](count);
        for (uint256 i = 0; i < count; i++) chainIds[i] = uint256(bytes32(data[129 + 32 * i:161 + 32 * i]));
        require(chainIds[index] == 0 || chainIds[index] == block.chainid, "Nexus: 7702 init is for another chain");
        initData = data[129 + 32 * count:];
        bytes32 domain = keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("Nexus"), keccak256("1.2.0")));
        bytes32 structHash =
            keccak256(abi.encode(INITIALIZE_TYPEHASH, IMPLEMENTATION, keccak256(abi.encodePacked(chainIds)), keccak256(initData)));
        bytes32 digest = keccak256(abi.encodePacked(hex"1901", domain, structHash));
        bytes32 r = bytes32(data[0:32]);
        bytes32 s = bytes32(data[32:64]);
        uint8 v = uint8(data[64]);
        require(ecrecover(digest, v, r, s) == address(this), "Nexus: 7702 init not signed by the account");
    }

    function _call(address target, uint256 value, bytes memory callData) internal returns (bytes memory) {
        (bool ok, bytes memory answer) = target.call{value: value}(callData);
        if (!ok) _bubble(answer);
        return answer;
    }

    function _bubble(bytes memory answer) internal pure {
        assembly {
            revert(add(answer, 32), mload(answer))
        }
    }
}
