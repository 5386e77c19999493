// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Like {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

/// @notice ERC-6909 resource-lock balances with The Compact's native and ERC-20 deposits. A lock
/// id is lockTag (bytes12, top 96 bits) || token address (low 160 bits); lockTag = scope (1 bit)
/// << 95 | resetPeriod (3 bits) << 92 | allocatorId (92 bits). Every transfer asks the lock's
/// allocator first (`_attest`).
abstract contract ERC6909Locks {
    event Transfer(address caller, address indexed from, address indexed to, uint256 indexed id, uint256 amount);
    event OperatorSet(address indexed owner, address indexed spender, bool approved);
    event Approval(address indexed owner, address indexed spender, uint256 indexed id, uint256 amount);

    mapping(address => mapping(uint256 => uint256)) public balanceOf;
    mapping(address => mapping(address => mapping(uint256 => uint256))) public allowance;
    mapping(address => mapping(address => bool)) public isOperator;

    /// @dev Reverts unless the lock's allocator allows the transfer.
    function _attest(address operator, address from, address to, uint256 id, uint256 amount) internal virtual;

    function lockId(bytes12 lockTag, address token) public pure returns (uint256) {
        return (uint256(uint96(lockTag)) << 160) | uint256(uint160(token));
    }

    function depositNative(bytes12 lockTag, address recipient) external payable returns (uint256 id) {
        require(msg.value > 0, "ResourceLocks: zero deposit");
        id = lockId(lockTag, address(0));
        _mint(recipient == address(0) ? msg.sender : recipient, id, msg.value);
    }

    function depositERC20(address token, bytes12 lockTag, uint256 amount, address recipient) external returns (uint256 id) {
        require(token != address(0), "ResourceLocks: native via depositNative");
        require(amount > 0, "ResourceLocks: zero deposit");
        require(IERC20Like(token).transferFrom(msg.sender, address(this), amount), "ResourceLocks: transfer failed");
        id = lockId(lockTag, token);
        _mint(recipient == address(0) ? msg.sender : recipient, id, amount);
    }

    function transfer(address receiver, uint256 id, uint256 amount) external returns (bool) {
        _attest(msg.sender, msg.sender, receiver, id, amount);
        _move(msg.sender, receiver, id, amount);
        return true;
    }

    function transferFrom(address sender, address receiver, uint256 id, uint256 amount) external returns (bool) {
        if (msg.sender != sender && !isOperator[sender][msg.sender]) {
            uint256 allowed = allowance[sender][msg.sender][id];
            if (allowed != type(uint256).max) {
                require(allowed >= amount, "ResourceLocks: insufficient allowance");
                allowance[sender][msg.sender][id] = allowed - amount;
            }
        }
        _attest(msg.sender, sender, receiver, id, amount);
        _move(sender, receiver, id, amount);
        return true;
    }

    function approve(address spender, uint256 id, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender][id] = amount;
        emit Approval(msg.sender, spender, id, amount);
        return true;
    }

    function setOperator(address spender, bool approved) external returns (bool) {
        isOperator[msg.sender][spender] = approved;
        emit OperatorSet(msg.sender, spender, approved);
        return true;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x0f632fb3 || interfaceId == 0x01ffc9a7; // ERC-6909, ERC-165
    }

    function _mint(address to, uint256 id, uint256 amount) internal {
        balanceOf[to][id] += amount;
        emit Transfer(msg.sender, address(0), to, id, amount);
    }

    function _move(address from, address to, uint256 id, uint256 amount) internal {
        require(balanceOf[from][id] >= amount, "ResourceLocks: insufficient balance");
        balanceOf[from][id] -= amount;
        balanceOf[to][id] += amount;
        emit Transfer(msg.sender, from, to, id, amount);
    }

    /// @dev Burns `amount` of `from`'s lock and sends the underlying token to `recipient`.
    function _withdraw(address from, uint256 id, address recipient, uint256 amount) internal {
        require(balanceOf[from][id] >= amount, "ResourceLocks: insufficient balance");
        balanceOf[from][id] -= amount;
        emit Transfer(msg.sender, from, address(0), id, amount);
        address token = address(uint160(id));
        if (token == address(0)) {
            (bool ok,) = recipient.call{value: amount}("");
            require(ok, "ResourceLocks: native transfer failed");
        } else {
            require(IERC20Like(token).transfer(recipient, amount), "ResourceLocks: transfer failed");
        }
    }
}
