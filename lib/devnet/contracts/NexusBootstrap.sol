// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DEFAULT_VALIDATOR, IModule, NexusLayout, nexusLayout} from "./NexusStorage.sol";

/// @notice Devnet stand-in for Nexus 1.2.0's bootstrap (same address, same two entry points the
/// published client encodes). The account runs it by delegatecall while initialising: it
/// initialises the default validator and installs the listed validators and executors.
/// Hooks, fallbacks and pre-validation hooks are not supported by this stand-in and revert.
contract NexusBootstrap {
    struct BootstrapConfig {
        address module;
        bytes initData;
    }

    struct BootstrapPreValidationHookConfig {
        uint256 hookType;
        address module;
        bytes data;
    }

    function initNexusWithDefaultValidatorAndOtherModulesNoRegistry(
        bytes calldata defaultValidatorInitData,
        BootstrapConfig[] calldata validators,
        BootstrapConfig[] calldata executors,
        BootstrapConfig calldata hook,
        BootstrapConfig[] calldata fallbacks,
        BootstrapPreValidationHookConfig[] calldata preValidationHooks
    ) external {
        IModule(DEFAULT_VALIDATOR).onInstall(defaultValidatorInitData);
        _install(validators, executors, hook, fallbacks, preValidationHooks);
    }

    function initNexusNoRegistry(
        BootstrapConfig[] calldata validators,
        BootstrapConfig[] calldata executors,
        BootstrapConfig calldata hook,
        BootstrapConfig[] calldata fallbacks,
        BootstrapPreValidationHookConfig[] calldata preValidationHooks
    ) external {
        _install(validators, executors, hook, fallbacks, preValidationHooks);
    }

    function _install(
        BootstrapConfig[] calldata validators,
        BootstrapConfig[] calldata executors,
        BootstrapConfig calldata hook,
        BootstrapConfig[] calldata fallbacks,
        BootstrapPreValidationHookConfig[] calldata preValidationHooks
    ) internal {
        require(hook.module == address(0), "NexusBootstrap: hooks are not supported");
        require(fallbacks.length == 0, "NexusBootstrap: fallbacks are not supported");
        require(preValidationHooks.length == 0, "NexusBootstrap: pre-validation hooks are not supported");
        NexusLayout storage l = nexusLayout();
        for (uint256 i = 0; i < validators.length; i++) {
            l.validators[validators[i].module] = true;
            IModule(validators[i].module).onInstall(validators[i].initData);
        }
        for (uint256 i = 0; i < executors.length; i++) {
            l.executors[executors[i].module] = true;
            IModule(executors[i].module).onInstall(executors[i].initData);
        }
    }
}
