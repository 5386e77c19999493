// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface ISafeModules {
    function enableModule(address module) external;
}

interface IERC7579Install {
    function installModule(uint256 moduleTypeId, address module, bytes calldata initData) external payable;
}

/// @notice Devnet stand-in for Rhinestone's Safe7579 launchpad v2, at its address, with the entry
/// point the published client encodes into a Safe's `setup(... to, data ...)`: the real Safe 1.4.1
/// runs `addSafe7579` by delegatecall while it is set up (its fallback handler, the Safe7579
/// adapter, is already in place by then). It enables the adapter as a Safe module and installs
/// each module through the adapter (a call to the Safe itself, which its fallback forwards with the
/// Safe as the original sender). Registry attestations are not modelled: the client sends none.
contract Safe7579Launchpad {
    struct ModuleInit {
        address module;
        bytes initData;
        uint256 moduleType;
    }

    address public constant LAUNCHPAD = 0x75798463024Bda64D83c94A64Bc7D7eaB41300eF;

    function addSafe7579(address safe7579, ModuleInit[] calldata modules, address[] calldata attesters, uint8 threshold)
        external
    {
        require(address(this) != LAUNCHPAD, "Safe7579Launchpad: only by delegatecall from a Safe");
        require(attesters.length == 0 && threshold == 0, "Safe7579Launchpad: registry attestations are not supported");
        ISafeModules(address(this)).enableModule(safe7579);
        for (uint256 i = 0; i < modules.length; i++) {
            IERC7579Install(address(this)).installModule(modules[i].moduleType, modules[i].module, modules[i].initData);
        }
    }
}
