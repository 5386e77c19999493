// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC6909Locks} from "./ERC6909Locks.sol";

/// @notice The sponsor's unilateral exit, as in The Compact: `enableForcedWithdrawal` starts the
/// lock's reset period; once it has passed, `forcedWithdrawal` takes the underlying tokens out
/// without the allocator. Until then the locked balance moves only with the allocator's consent.
abstract contract ForcedWithdrawal is ERC6909Locks {
    event ForcedWithdrawalStatusUpdated(address indexed account, uint256 indexed id, bool activating, uint256 withdrawableAt);

    /// @notice When each account's forced withdrawal of each lock becomes available (0: not enabled).
    mapping(address => mapping(uint256 => uint256)) internal _withdrawableAt;

    /// @notice A lock's reset period in seconds, from the 3 bits of its lock tag (The Compact's
    /// ResetPeriod: 1 s, 15 s, 1 min, 10 min, 1 h 5 min, 1 day, 7 days 1 h, 30 days).
    function resetPeriodSeconds(uint256 id) public pure returns (uint256) {
        uint256 period = (id >> 252) & 7;
        if (period == 0) return 1;
        if (period == 1) return 15;
        if (period == 2) return 60;
        if (period == 3) return 600;
        if (period == 4) return 3900;
        if (period == 5) return 86400;
        if (period == 6) return 612000;
        return 2592000;
    }

    /// @notice Starts the clock on the caller's forced withdrawal of lock `id`.
    function enableForcedWithdrawal(uint256 id) external returns (uint256 withdrawableAt) {
        withdrawableAt = block.timestamp + resetPeriodSeconds(id);
        _withdrawableAt[msg.sender][id] = withdrawableAt;
        emit ForcedWithdrawalStatusUpdated(msg.sender, id, true, withdrawableAt);
    }

    function disableForcedWithdrawal(uint256 id) external returns (bool) {
        require(_withdrawableAt[msg.sender][id] != 0, "ResourceLocks: forced withdrawal not enabled");
        delete _withdrawableAt[msg.sender][id];
        emit ForcedWithdrawalStatusUpdated(msg.sender, id, false, 0);
        return true;
    }

    /// @notice 0 disabled, 1 pending (not yet available), 2 enabled; and when it becomes available.
    function getForcedWithdrawalStatus(address account, uint256 id) external view returns (uint8 status, uint256 withdrawableAt) {
        withdrawableAt = _withdrawableAt[account][id];
        if (withdrawableAt == 0) return (0, 0);
        return (block.timestamp < withdrawableAt ? 1 : 2, withdrawableAt);
    }

    /// @notice Withdraws the underlying tokens of the caller's lock once its forced withdrawal is available.
    function forcedWithdrawal(uint256 id, address recipient, uint256 amount) external returns (bool) {
        uint256 at = _withdrawableAt[msg.sender][id];
        require(at != 0 && block.timestamp >= at, "ResourceLocks: forced withdrawal not available");
        _withdraw(msg.sender, id, recipient, amount);
        return true;
    }
}
