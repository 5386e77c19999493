// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IValidator, MODULE_TYPE_EXECUTOR, MODULE_TYPE_VALIDATOR} from "./NexusStorage.sol";

/// @notice The real Safe 1.4.1's module entry points this adapter uses.
interface ISafeExec {
    function execTransactionFromModuleReturnData(address to, uint256 value, bytes calldata data, uint8 operation)
        external
        returns (bool success, bytes memory returnData);
}

/// @notice Devnet stand-in for Rhinestone's Safe7579 adapter v2, at its address: it makes a real
/// Safe 1.4.1 an ERC-7579 account. It is both the Safe's fallback handler and an enabled Safe
/// module (the launchpad sets both up), so every ERC-7579 call reaches it through the Safe's
/// fallback, which appends the original caller (20 bytes) to the calldata; `msg.sender` is the Safe.
/// - `installModule`: from the Safe itself or an installed executor; validators and executors
///   only. The module's `onInstall` runs as a call from the Safe (through the Safe's module
///   interface), so modules key their state by the Safe as they do for any account.
/// - `isValidSignature(hash, validator ‖ signature)`: ERC-1271 through the named installed
///   validator, asked from the Safe's own context (the Safe's `simulateAndRevert` delegatecalls
///   back into `validateAsAccount`), so the validator sees the Safe as its caller.
/// - `executeFromExecutor(mode, executionCalldata)`: ERC-7579 single or batch calls from an
///   installed executor, each run by the Safe (`execTransactionFromModuleReturnData`).
/// Not modelled: ERC-4337 validation and execution, hooks, fallback modules, the module registry,
/// ERC-7739 nested signatures, and the Safe owners' own signatures (`checkSignatures`).
contract Safe7579Adapter {
    struct Execution {
        address target;
        uint256 value;
        bytes callData;
    }

    bytes4 internal constant MAGIC = 0x1626ba7e;
    bytes4 internal constant INVALID = 0xffffffff;

    /// safe → module → installed
    mapping(address => mapping(address => bool)) internal _validators;
    mapping(address => mapping(address => bool)) internal _executors;

    event ModuleInstalled(uint256 moduleTypeId, address module);

    function accountId() external pure returns (string memory) {
        return "rhinestone.safe7579.v1.0.0";
    }

    function installModule(uint256 moduleTypeId, address module, bytes calldata initData) external payable {
        address caller = _msgSender();
        require(caller == msg.sender || _executors[msg.sender][caller], "Safe7579: only the Safe or an executor");
        if (moduleTypeId == MODULE_TYPE_VALIDATOR) _validators[msg.sender][module] = true;
        else if (moduleTypeId == MODULE_TYPE_EXECUTOR) _executors[msg.sender][module] = true;
        else revert("Safe7579: only validators and executors are supported");
        _exec(module, 0, abi.encodeWithSignature("onInstall(bytes)", initData));
        emit ModuleInstalled(moduleTypeId, module);
    }

    function isModuleInstalled(uint256 moduleTypeId, address module, bytes calldata) external view returns (bool) {
        if (moduleTypeId == MODULE_TYPE_VALIDATOR) return _validators[msg.sender][module];
        if (moduleTypeId == MODULE_TYPE_EXECUTOR) return _executors[msg.sender][module];
        return false;
    }

    function executeFromExecutor(bytes32 mode, bytes calldata executionCalldata)
        external
        payable
        returns (bytes[] memory results)
    {
        require(_executors[msg.sender][_msgSender()], "Safe7579: not an installed executor");
        bytes1 callType = mode[0];
        require(mode[1] == 0x00, "Safe7579: unsupported exec type");
        if (callType == 0x00) {
            results = new bytes[](1);
            results[0] = _exec(
                address(bytes20(executionCalldata[0:20])), uint256(bytes32(executionCalldata[20:52])), executionCalldata[52:]
            );
        } else if (callType == 0x01) {
            Execution[] memory executions = abi.decode(executionCalldata, (Execution[]));
            results = new bytes[](executions.length);
            for (uint256 i = 0; i < executions.length; i++) {
                results[i] = _exec(executions[i].target, executions[i].value, executions[i].callData);
            }
        } else {
            revert("Safe7579: unsupported call type");
        }
    }

    function isValidSignature(bytes32 hash, bytes calldata data) external view returns (bytes4) {
        if (data.length < 20) return INVALID;
        address validator = address(bytes20(data[0:20]));
        if (!_validators[msg.sender][validator]) return INVALID;
        bytes memory ask = abi.encodeCall(this.validateAsAccount, (validator, _msgSender(), hash, data[20:]));
        // simulateAndRevert always reverts with: success (32) ‖ returndatasize (32) ‖ returndata.
        (, bytes memory answer) =
            msg.sender.staticcall(abi.encodeWithSignature("simulateAndRevert(address,bytes)", address(this), ask));
        if (answer.length < 96) return INVALID;
        uint256 ok;
        bytes32 word;
        assembly {
            ok := mload(add(answer, 32))
            word := mload(add(answer, 96))
        }
        return ok == 1 && bytes4(word) == MAGIC ? MAGIC : INVALID;
    }

    /// @notice Run by delegatecall from the Safe (see isValidSignature): asks the validator as the Safe.
    function validateAsAccount(address validator, address sender, bytes32 hash, bytes calldata signature)
        external
        view
        returns (bytes4)
    {
        try IValidator(validator).isValidSignatureWithSender(sender, hash, signature) returns (bytes4 answer) {
            return answer;
        } catch {
            return INVALID;
        }
    }

    /// @dev The Safe's fallback appends the original caller to the calldata (ERC-2771 style).
    function _msgSender() internal pure returns (address sender) {
        if (msg.data.length < 24) return address(0);
        assembly {
            sender := shr(96, calldataload(sub(calldatasize(), 20)))
        }
    }

    function _exec(address target, uint256 value, bytes memory callData) internal returns (bytes memory) {
        (bool ok, bytes memory answer) = ISafeExec(msg.sender).execTransactionFromModuleReturnData(target, value, callData, 0);
        if (!ok) {
            assembly {
                revert(add(answer, 32), mload(answer))
            }
        }
        return answer;
    }
}
