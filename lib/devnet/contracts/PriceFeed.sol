// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Chainlink AggregatorV3-style USD price feed whose answer the devnet operator sets.
contract PriceFeed {
    uint8 public constant decimals = 8;
    uint256 public constant version = 4;
    string public description;
    address public owner;
    uint80 private round;
    int256 private answer;
    uint256 private updatedAt;

    function initialize(string calldata description_, int256 answer_, address owner_) external {
        require(owner == address(0), "PriceFeed: already initialized");
        owner = owner_;
        description = description_;
        _set(answer_);
    }

    function setAnswer(int256 answer_) external {
        require(msg.sender == owner, "PriceFeed: not owner");
        _set(answer_);
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (round, answer, updatedAt, updatedAt, round);
    }

    function latestAnswer() external view returns (int256) {
        return answer;
    }

    function _set(int256 answer_) internal {
        require(answer_ > 0, "PriceFeed: answer must be positive");
        round += 1;
        answer = answer_;
        updatedAt = block.timestamp;
    }
}
