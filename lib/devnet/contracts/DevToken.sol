// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "./ERC20.sol";

/// @notice Stand-in for a stablecoin (USDC, USDT, USDT0) at its real address on the devnet.
contract DevToken is ERC20 {
    address public minter;
    /// The OFT adapter that burns on send and mints on delivery (USDT0's own model), if any.
    address public bridge;

    function initialize(string calldata name_, string calldata symbol_, uint8 decimals_, address minter_) external {
        _initialize(name_, symbol_, decimals_);
        minter = minter_;
    }

    function setBridge(address bridge_) external {
        require(msg.sender == minter, "DevToken: not minter");
        bridge = bridge_;
    }

    function bridgeBurn(address from, uint256 amount) external {
        require(msg.sender == bridge && bridge != address(0), "DevToken: not the bridge");
        _burn(from, amount);
    }

    function bridgeMint(address to, uint256 amount) external {
        require(msg.sender == bridge && bridge != address(0), "DevToken: not the bridge");
        _mint(to, amount);
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == minter, "DevToken: not minter");
        _mint(to, amount);
    }
}
