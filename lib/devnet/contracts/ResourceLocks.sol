// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Like {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

/// @notice What The Compact asks an allocator before a claim releases locked funds.
interface IAllocator {
    function authorizeClaim(
        bytes32 claimHash,
        address arbiter,
        address sponsor,
        uint256 nonce,
        uint256 expires,
        uint256[2][] calldata idsAndAmounts,
        bytes calldata allocatorData
    ) external returns (bytes4);

    /// @notice Asked before a locked balance moves by transfer: the selector to allow it.
    function attest(address operator, address from, address to, uint256 id, uint256 amount) external returns (bytes4);
}

interface IERC1271 {
    function isValidSignature(bytes32 digest, bytes calldata signature) external view returns (bytes4);
}

/// @notice Devnet stand-in for The Compact: ERC-6909 resource locks with native and ERC-20
/// deposits. A lock id is lockTag (bytes12, top 96 bits) || token address (low 160 bits).
/// lockTag = scope (1 bit) << 95 | resetPeriod (3 bits) << 92 | allocatorId (92 bits).
///
/// Locks lock: a transfer of a locked balance needs its allocator's `attest`, and the sponsor's
/// only unilateral exit is a forced withdrawal, available a reset period after it is enabled
/// (`enableForcedWithdrawal` → `forcedWithdrawal`), as in The Compact.
///
/// Claims are real: `multichainClaim` checks the sponsor's EIP-712 `MultichainCompact` signature
/// (domain "The Compact" / "1" on the notarized chain, verifyingContract = the address the
/// published client signs with), the element the calling arbiter claims, the expiry, a
/// single-use nonce and each lock's registered allocator, then releases the underlying tokens.
contract ResourceLocks {
    /// @notice A lock committed by one element of a multichain compact.
    struct Lock {
        bytes12 lockTag;
        address token;
        uint256 amount;
    }

    event Transfer(address caller, address indexed from, address indexed to, uint256 indexed id, uint256 amount);
    event OperatorSet(address indexed owner, address indexed spender, bool approved);
    event Approval(address indexed owner, address indexed spender, uint256 indexed id, uint256 amount);
    event AllocatorRegistered(uint96 allocatorId, address allocator);
    event Claim(address indexed sponsor, address indexed arbiter, bytes32 claimHash, uint256 nonce);
    event ForcedWithdrawalStatusUpdated(address indexed account, uint256 indexed id, bool activating, uint256 withdrawableAt);

    /// @notice The verifyingContract of the domain the published client signs compacts with.
    address public constant SIGNING_CONTRACT = 0x73d2Dc0c21fca4EC1601895d50Df7f5624f07D3F;

    bytes32 public constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 internal constant NAME_HASH = keccak256("The Compact");
    bytes32 internal constant VERSION_HASH = keccak256("1");

    bytes32 public constant LOCK_TYPEHASH = keccak256("Lock(bytes12 lockTag,address token,uint256 amount)");
    bytes32 public constant ELEMENT_TYPEHASH = keccak256(
        "Element(address arbiter,uint256 chainId,Lock[] commitments,Mandate mandate)"
        "Lock(bytes12 lockTag,address token,uint256 amount)"
        "Mandate(Target target,uint128 minGas,Op originOps,Op destOps,bytes32 q)"
        "Op(bytes32 vt,Ops[] ops)"
        "Ops(address to,uint256 value,bytes data)"
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)"
        "Token(address token,uint256 amount)"
    );
    bytes32 public constant MULTICHAIN_COMPACT_TYPEHASH = keccak256(
        "MultichainCompact(address sponsor,uint256 nonce,uint256 expires,Element[] elements)"
        "Element(address arbiter,uint256 chainId,Lock[] commitments,Mandate mandate)"
        "Lock(bytes12 lockTag,address token,uint256 amount)"
        "Mandate(Target target,uint128 minGas,Op originOps,Op destOps,bytes32 q)"
        "Op(bytes32 vt,Ops[] ops)"
        "Ops(address to,uint256 value,bytes data)"
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)"
        "Token(address token,uint256 amount)"
    );

    uint256 internal constant ALLOCATOR_ID_MASK = (1 << 92) - 1;
    uint256 internal constant LOW_88_MASK = (1 << 88) - 1;
    /// secp256k1n / 2: signatures with a higher s are malleable and rejected.
    uint256 internal constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    mapping(address => mapping(uint256 => uint256)) public balanceOf;
    mapping(address => mapping(address => mapping(uint256 => uint256))) public allowance;
    mapping(address => mapping(address => bool)) public isOperator;
    mapping(uint96 => address) public allocators;
    mapping(address => mapping(uint256 => bool)) public consumedNonces;
    /// @notice When each account's forced withdrawal of each lock becomes available (0: not enabled).
    mapping(address => mapping(uint256 => uint256)) internal _withdrawableAt;

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

    // ---- Forced withdrawal ---------------------------------------------------------------------

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
        require(balanceOf[msg.sender][id] >= amount, "ResourceLocks: insufficient balance");
        balanceOf[msg.sender][id] -= amount;
        emit Transfer(msg.sender, msg.sender, address(0), id, amount);
        address token = address(uint160(id));
        if (token == address(0)) {
            (bool ok,) = recipient.call{value: amount}("");
            require(ok, "ResourceLocks: native transfer failed");
        } else {
            require(IERC20Like(token).transfer(recipient, amount), "ResourceLocks: transfer failed");
        }
        return true;
    }

    // ---- Allocators -------------------------------------------------------------------------

    /// @notice Registers an allocator (an address with code, or the caller itself) under its id:
    /// compactFlag (4 bits) << 88 | low 88 bits of the address. Registering again is a no-op.
    function registerAllocator(address allocator) external returns (uint96 allocatorId) {
        require(allocator != address(0), "ResourceLocks: zero allocator");
        require(allocator == msg.sender || allocator.code.length > 0, "ResourceLocks: allocator has no code");
        allocatorId = allocatorIdOf(allocator);
        address current = allocators[allocatorId];
        if (current == allocator) return allocatorId;
        require(current == address(0), "ResourceLocks: allocator id taken");
        allocators[allocatorId] = allocator;
        emit AllocatorRegistered(allocatorId, allocator);
    }

    function allocatorIdOf(address allocator) public pure returns (uint96) {
        return uint96((compactFlag(allocator) << 88) | (uint256(uint160(allocator)) & LOW_88_MASK));
    }

    /// @notice 0 below 4 leading zero nibbles, 15 from 18 on, else nibbles - 3.
    function compactFlag(address allocator) public pure returns (uint256) {
        uint256 value = uint160(allocator);
        uint256 nibbles = 0;
        while (nibbles < 40 && (value >> (156 - 4 * nibbles)) & 0xf == 0) nibbles++;
        if (nibbles < 4) return 0;
        if (nibbles >= 18) return 15;
        return nibbles - 3;
    }

    // ---- Claims -------------------------------------------------------------------------------

    function isNonceConsumed(address sponsor, uint256 nonce) external view returns (bool) {
        return consumedNonces[sponsor][nonce];
    }

    /// @notice The EIP-712 domain separator of the compact signing domain on `chainId`.
    function domainSeparator(uint256 chainId) public pure returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, chainId, SIGNING_CONTRACT));
    }

    /// @notice Claims this chain's element of a signed MultichainCompact. The caller is the
    /// element's arbiter; the underlying tokens of every committed lock go to `claimant`.
    /// @param notarizedChainId elements[0].chainId: the chain of the signing domain.
    /// @param elementIndex this chain's element in the signed elements list.
    /// @param elementHashes EIP-712 struct hashes of every Element, in order.
    /// @param commitments this element's locks.
    /// @param mandateHash EIP-712 struct hash of this element's Mandate (the arbiter computes it).
    function multichainClaim(
        address sponsor,
        uint256 nonce,
        uint256 expires,
        uint256 notarizedChainId,
        uint256 elementIndex,
        bytes32[] calldata elementHashes,
        Lock[] calldata commitments,
        bytes32 mandateHash,
        bytes calldata sponsorSignature,
        address claimant
    ) external returns (bytes32 claimHash) {
        require(block.timestamp <= expires, "ResourceLocks: compact expired");
        _checkElement(elementIndex, elementHashes, commitments, mandateHash);
        claimHash = multichainCompactHash(sponsor, nonce, expires, elementHashes);
        _verifySponsor(sponsor, notarizedChainId, claimHash, sponsorSignature);
        _consumeNonce(sponsor, nonce);
        _settle(claimHash, sponsor, nonce, expires, commitments, claimant);
    }

    function lockHash(Lock calldata lock) public pure returns (bytes32) {
        return keccak256(abi.encode(LOCK_TYPEHASH, lock.lockTag, lock.token, lock.amount));
    }

    function elementHash(address arbiter, uint256 chainId, Lock[] calldata commitments, bytes32 mandateHash)
        public
        pure
        returns (bytes32)
    {
        bytes32[] memory lockHashes = new bytes32[](commitments.length);
        for (uint256 i = 0; i < commitments.length; i++) lockHashes[i] = lockHash(commitments[i]);
        return keccak256(abi.encode(ELEMENT_TYPEHASH, arbiter, chainId, keccak256(abi.encodePacked(lockHashes)), mandateHash));
    }

    function multichainCompactHash(address sponsor, uint256 nonce, uint256 expires, bytes32[] calldata elementHashes)
        public
        pure
        returns (bytes32)
    {
        return keccak256(abi.encode(MULTICHAIN_COMPACT_TYPEHASH, sponsor, nonce, expires, keccak256(abi.encodePacked(elementHashes))));
    }

    /// @dev The claimed element must be the one signed at elementIndex, with the caller as its
    /// arbiter and this chain as its chain.
    function _checkElement(uint256 elementIndex, bytes32[] calldata elementHashes, Lock[] calldata commitments, bytes32 mandateHash)
        internal
        view
    {
        require(elementIndex < elementHashes.length, "ResourceLocks: element index out of range");
        require(
            elementHashes[elementIndex] == elementHash(msg.sender, block.chainid, commitments, mandateHash),
            "ResourceLocks: element mismatch"
        );
    }

    function _consumeNonce(address sponsor, uint256 nonce) internal {
        require(!consumedNonces[sponsor][nonce], "ResourceLocks: nonce already used");
        consumedNonces[sponsor][nonce] = true;
    }

    /// @dev Gets every allocator's approval, then releases the locks to the claimant.
    function _settle(bytes32 claimHash, address sponsor, uint256 nonce, uint256 expires, Lock[] calldata commitments, address claimant)
        internal
    {
        _authorize(claimHash, sponsor, nonce, expires, commitments);
        _release(sponsor, commitments, claimant);
        emit Claim(sponsor, msg.sender, claimHash, nonce);
    }

    /// @dev Asks the allocator registered for each lock's allocatorId (once per allocator in a row).
    function _authorize(bytes32 claimHash, address sponsor, uint256 nonce, uint256 expires, Lock[] calldata commitments) internal {
        uint256[2][] memory idsAndAmounts = new uint256[2][](commitments.length);
        for (uint256 i = 0; i < commitments.length; i++) {
            idsAndAmounts[i] = [lockId(commitments[i].lockTag, commitments[i].token), commitments[i].amount];
        }
        address asked = address(0);
        for (uint256 i = 0; i < commitments.length; i++) {
            address allocator = allocators[uint96(uint256(uint96(commitments[i].lockTag)) & ALLOCATOR_ID_MASK)];
            require(allocator != address(0), "ResourceLocks: unregistered allocator");
            if (allocator == asked) continue;
            asked = allocator;
            bytes4 answer = IAllocator(allocator).authorizeClaim(claimHash, msg.sender, sponsor, nonce, expires, idsAndAmounts, "");
            require(answer == IAllocator.authorizeClaim.selector, "ResourceLocks: allocator refused");
        }
    }

    /// @dev Burns the sponsor's locks and sends the underlying tokens to the claimant.
    function _release(address sponsor, Lock[] calldata commitments, address claimant) internal {
        for (uint256 i = 0; i < commitments.length; i++) {
            Lock calldata lock = commitments[i];
            uint256 id = lockId(lock.lockTag, lock.token);
            require(balanceOf[sponsor][id] >= lock.amount, "ResourceLocks: insufficient balance");
            balanceOf[sponsor][id] -= lock.amount;
            emit Transfer(msg.sender, sponsor, address(0), id, lock.amount);
            if (lock.token == address(0)) {
                (bool ok,) = claimant.call{value: lock.amount}("");
                require(ok, "ResourceLocks: native transfer failed");
            } else {
                require(IERC20Like(lock.token).transfer(claimant, lock.amount), "ResourceLocks: transfer failed");
            }
        }
    }

    /// @dev ECDSA (65-byte or EIP-2098 64-byte) by the sponsor, else ERC-1271 if the sponsor has code.
    function _verifySponsor(address sponsor, uint256 notarizedChainId, bytes32 claimHash, bytes calldata signature)
        internal
        view
    {
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", domainSeparator(notarizedChainId), claimHash));
        if (_recover(digest, signature) == sponsor && sponsor != address(0)) return;
        if (sponsor.code.length > 0) {
            (bool ok, bytes memory answer) =
                sponsor.staticcall(abi.encodeCall(IERC1271.isValidSignature, (digest, signature)));
            if (ok && answer.length >= 32 && abi.decode(answer, (bytes4)) == IERC1271.isValidSignature.selector) return;
        }
        revert("ResourceLocks: invalid sponsor signature");
    }

    function _recover(bytes32 digest, bytes calldata signature) internal pure returns (address) {
        bytes32 r;
        bytes32 s;
        uint8 v;
        if (signature.length == 65) {
            r = bytes32(signature[0:32]);
            s = bytes32(signature[32:64]);
            v = uint8(signature[64]);
        } else if (signature.length == 64) {
            r = bytes32(signature[0:32]);
            bytes32 vs = bytes32(signature[32:64]);
            s = vs & bytes32(0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff);
            v = uint8(uint256(vs) >> 255) + 27;
        } else {
            return address(0);
        }
        if (v < 27) v += 27;
        if (uint256(s) > MAX_S || (v != 27 && v != 28)) return address(0);
        return ecrecover(digest, v, r, s);
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x0f632fb3 || interfaceId == 0x01ffc9a7; // ERC-6909, ERC-165
    }

    /// @dev A locked balance moves only with its allocator's attestation.
    function _attest(address operator, address from, address to, uint256 id, uint256 amount) internal {
        address allocator = allocators[uint96((id >> 160) & ALLOCATOR_ID_MASK)];
        require(allocator != address(0), "ResourceLocks: unregistered allocator");
        require(IAllocator(allocator).attest(operator, from, to, id, amount) == IAllocator.attest.selector, "ResourceLocks: allocator refused the transfer");
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
}
