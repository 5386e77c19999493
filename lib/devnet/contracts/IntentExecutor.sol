// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC1271 {
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4);
}

interface IERC7579Execution {
    function executeFromExecutor(bytes32 mode, bytes calldata executionCalldata) external payable returns (bytes[] memory);
}

/// @notice Devnet stand-in for Rhinestone's intent executor (an ERC-7579 executor module), at its
/// address. It runs an intent's operations as the account, through the account's
/// `executeFromExecutor`, only with the account's own signature over them: the element's
/// `Mandate` carries `originOps` (pre-claim operations, run on the element's chain) and `destOps`
/// (run on the destination chain), and the account signed that Mandate inside the route's Permit2
/// `PermitBatchWitnessTransferFrom` or The Compact's `MultichainCompact` typed data. The executor
/// rebuilds that EIP-712 digest on chain from its parts, asks the account's ERC-1271
/// `isValidSignature`, and runs each (account, nonce)'s operations at most once per chain and kind.
///
/// MODELLED: only the devnet filler may relay (set once by `initialize`); the production executor's
/// own `SingleChainOps` flow and gas refunds are not modelled.
contract IntentExecutor {
    struct Token {
        address token;
        uint256 amount;
    }

    struct Target {
        address recipient;
        Token[] tokenOut;
        uint256 targetChain;
        uint256 fillExpiry;
    }

    struct Ops {
        address to;
        uint256 value;
        bytes data;
    }

    struct Op {
        bytes32 vt;
        Ops[] ops;
    }

    struct Mandate {
        Target target;
        uint128 minGas;
        Op originOps;
        Op destOps;
        bytes32 q;
    }

    struct Lock {
        bytes12 lockTag;
        address token;
        uint256 amount;
    }

    /// What the account signed for a PERMIT2 element, besides the Mandate.
    struct Permit2Signed {
        uint256 chainId;
        address spender;
        uint256 deadline;
        Token[] permitted;
    }

    /// What the account signed for a COMPACT route, besides this element's Mandate.
    struct CompactSigned {
        uint256 notarizedChainId;
        uint256 expires;
        uint256 elementIndex;
        bytes32[] elementHashes;
        address arbiter;
        uint256 chainId;
        Lock[] commitments;
    }

    address public constant PERMIT2 = 0x000000000022D473030F116dDEE9F6B43aC78BA3;
    address public constant COMPACT_SIGNING_CONTRACT = 0x73d2Dc0c21fca4EC1601895d50Df7f5624f07D3F;

    bytes32 internal constant TOKEN_TYPEHASH = keccak256("Token(address token,uint256 amount)");
    bytes32 internal constant TARGET_TYPEHASH = keccak256(
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)" "Token(address token,uint256 amount)"
    );
    bytes32 internal constant OPS_TYPEHASH = keccak256("Ops(address to,uint256 value,bytes data)");
    bytes32 internal constant OP_TYPEHASH = keccak256("Op(bytes32 vt,Ops[] ops)Ops(address to,uint256 value,bytes data)");
    bytes32 internal constant MANDATE_TYPEHASH = keccak256(
        "Mandate(Target target,uint128 minGas,Op originOps,Op destOps,bytes32 q)" "Op(bytes32 vt,Ops[] ops)"
        "Ops(address to,uint256 value,bytes data)"
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)"
        "Token(address token,uint256 amount)"
    );
    bytes32 internal constant TOKEN_PERMISSIONS_TYPEHASH = keccak256("TokenPermissions(address token,uint256 amount)");
    bytes32 internal constant PERMIT_BATCH_WITNESS_TYPEHASH = keccak256(
        "PermitBatchWitnessTransferFrom(TokenPermissions[] permitted,address spender,uint256 nonce,uint256 deadline,"
        "Mandate mandate)" "Mandate(Target target,uint128 minGas,Op originOps,Op destOps,bytes32 q)"
        "Op(bytes32 vt,Ops[] ops)" "Ops(address to,uint256 value,bytes data)"
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)"
        "Token(address token,uint256 amount)" "TokenPermissions(address token,uint256 amount)"
    );
    bytes32 internal constant LOCK_TYPEHASH = keccak256("Lock(bytes12 lockTag,address token,uint256 amount)");
    bytes32 internal constant ELEMENT_TYPEHASH = keccak256(
        "Element(address arbiter,uint256 chainId,Lock[] commitments,Mandate mandate)"
        "Lock(bytes12 lockTag,address token,uint256 amount)"
        "Mandate(Target target,uint128 minGas,Op originOps,Op destOps,bytes32 q)" "Op(bytes32 vt,Ops[] ops)"
        "Ops(address to,uint256 value,bytes data)"
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)"
        "Token(address token,uint256 amount)"
    );
    bytes32 internal constant MULTICHAIN_COMPACT_TYPEHASH = keccak256(
        "MultichainCompact(address sponsor,uint256 nonce,uint256 expires,Element[] elements)"
        "Element(address arbiter,uint256 chainId,Lock[] commitments,Mandate mandate)"
        "Lock(bytes12 lockTag,address token,uint256 amount)"
        "Mandate(Target target,uint128 minGas,Op originOps,Op destOps,bytes32 q)" "Op(bytes32 vt,Ops[] ops)"
        "Ops(address to,uint256 value,bytes data)"
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)"
        "Token(address token,uint256 amount)"
    );

    event Initialized(address filler);
    event OpsExecuted(address indexed account, uint256 indexed nonce, bool destination);

    address public filler;
    /// account → nonce → ran (destination operations on this chain)
    mapping(address => mapping(uint256 => bool)) public destinationExecuted;
    /// account → nonce → ran (pre-claim operations on this chain)
    mapping(address => mapping(uint256 => bool)) public originExecuted;

    function initialize(address filler_) external {
        require(filler == address(0), "IntentExecutor: already initialized");
        require(filler_ != address(0), "IntentExecutor: zero filler");
        filler = filler_;
        emit Initialized(filler_);
    }

    // ---- ERC-7579 module -------------------------------------------------------------------------

    function onInstall(bytes calldata) external {}

    function onUninstall(bytes calldata) external {}

    function isModuleType(uint256 moduleTypeId) external pure returns (bool) {
        return moduleTypeId == 2;
    }

    function isInitialized(address) external pure returns (bool) {
        return true;
    }

    // ---- Running signed operations -------------------------------------------------------------

    /// @notice Runs a PERMIT2 element's pre-claim operations (on its chain) or the destination
    /// operations (on the destination chain) as `account`, which signed the element's permit.
    function executePermit2Ops(
        address account,
        uint256 nonce,
        Permit2Signed calldata signed,
        Mandate calldata mandate,
        bool destination,
        bytes calldata signature
    ) external {
        bytes32 digest = permit2Digest(nonce, signed, mandate);
        _checkAndRun(account, nonce, digest, mandate, destination, destination ? mandate.target.targetChain : signed.chainId, signature);
    }

    /// @notice The same for a COMPACT route: `account` signed the MultichainCompact whose element
    /// at `signed.elementIndex` holds this Mandate.
    function executeCompactOps(
        address account,
        uint256 nonce,
        CompactSigned calldata signed,
        Mandate calldata mandate,
        bool destination,
        bytes calldata signature
    ) external {
        bytes32 digest = compactDigest(account, nonce, signed, mandate);
        _checkAndRun(account, nonce, digest, mandate, destination, destination ? mandate.target.targetChain : signed.chainId, signature);
    }

    function permit2Digest(uint256 nonce, Permit2Signed calldata signed, Mandate calldata mandate) public pure returns (bytes32) {
        bytes32 domain = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,uint256 chainId,address verifyingContract)"), keccak256("Permit2"), signed.chainId, PERMIT2
            )
        );
        bytes32[] memory permissions = new bytes32[](signed.permitted.length);
        for (uint256 i = 0; i < permissions.length; i++) {
            permissions[i] = keccak256(abi.encode(TOKEN_PERMISSIONS_TYPEHASH, signed.permitted[i].token, signed.permitted[i].amount));
        }
        bytes32 structHash = keccak256(
            abi.encode(
                PERMIT_BATCH_WITNESS_TYPEHASH,
                keccak256(abi.encodePacked(permissions)),
                signed.spender,
                nonce,
                signed.deadline,
                mandateHash(mandate)
            )
        );
        return keccak256(abi.encodePacked(hex"1901", domain, structHash));
    }

    function compactDigest(address sponsor, uint256 nonce, CompactSigned calldata signed, Mandate calldata mandate)
        public
        pure
        returns (bytes32)
    {
        bytes32[] memory lockHashes = new bytes32[](signed.commitments.length);
        for (uint256 i = 0; i < lockHashes.length; i++) {
            Lock calldata lock = signed.commitments[i];
            lockHashes[i] = keccak256(abi.encode(LOCK_TYPEHASH, lock.lockTag, lock.token, lock.amount));
        }
        bytes32 element = keccak256(
            abi.encode(ELEMENT_TYPEHASH, signed.arbiter, signed.chainId, keccak256(abi.encodePacked(lockHashes)), mandateHash(mandate))
        );
        require(signed.elementIndex < signed.elementHashes.length, "IntentExecutor: element index out of range");
        require(signed.elementHashes[signed.elementIndex] == element, "IntentExecutor: element mismatch");
        bytes32 domain = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("The Compact"),
                keccak256("1"),
                signed.notarizedChainId,
                COMPACT_SIGNING_CONTRACT
            )
        );
        bytes32 structHash = keccak256(
            abi.encode(MULTICHAIN_COMPACT_TYPEHASH, sponsor, nonce, signed.expires, keccak256(abi.encodePacked(signed.elementHashes)))
        );
        return keccak256(abi.encodePacked(hex"1901", domain, structHash));
    }

    function mandateHash(Mandate calldata m) public pure returns (bytes32) {
        bytes32[] memory tokenHashes = new bytes32[](m.target.tokenOut.length);
        for (uint256 i = 0; i < tokenHashes.length; i++) {
            tokenHashes[i] = keccak256(abi.encode(TOKEN_TYPEHASH, m.target.tokenOut[i].token, m.target.tokenOut[i].amount));
        }
        bytes32 target = keccak256(
            abi.encode(
                TARGET_TYPEHASH, m.target.recipient, keccak256(abi.encodePacked(tokenHashes)), m.target.targetChain, m.target.fillExpiry
            )
        );
        return keccak256(abi.encode(MANDATE_TYPEHASH, target, m.minGas, opHash(m.originOps), opHash(m.destOps), m.q));
    }

    function opHash(Op calldata op) public pure returns (bytes32) {
        bytes32[] memory opsHashes = new bytes32[](op.ops.length);
        for (uint256 i = 0; i < opsHashes.length; i++) {
            opsHashes[i] = keccak256(abi.encode(OPS_TYPEHASH, op.ops[i].to, op.ops[i].value, keccak256(op.ops[i].data)));
        }
        return keccak256(abi.encode(OP_TYPEHASH, op.vt, keccak256(abi.encodePacked(opsHashes))));
    }

    // ---- Internals ---------------------------------------------------------------------------

    function _checkAndRun(
        address account,
        uint256 nonce,
        bytes32 digest,
        Mandate calldata mandate,
        bool destination,
        uint256 chainId,
        bytes calldata signature
    ) internal {
        require(msg.sender == filler, "IntentExecutor: only the filler");
        require(block.chainid == chainId, "IntentExecutor: wrong chain");
        mapping(address => mapping(uint256 => bool)) storage ran = destination ? destinationExecuted : originExecuted;
        require(!ran[account][nonce], "IntentExecutor: already executed");
        require(account.code.length > 0, "IntentExecutor: account has no code");
        require(IERC1271(account).isValidSignature(digest, signature) == 0x1626ba7e, "IntentExecutor: not the account's signature");
        ran[account][nonce] = true;
        Op calldata op = destination ? mandate.destOps : mandate.originOps;
        if (op.ops.length > 0) IERC7579Execution(account).executeFromExecutor(op.vt, _encode(op));
        emit OpsExecuted(account, nonce, destination);
    }

    /// @dev ERC-7579 execution calldata: single = target ‖ value ‖ callData; batch = abi.encode(Execution[]).
    function _encode(Op calldata op) internal pure returns (bytes memory) {
        if (op.vt[0] == 0x00) {
            require(op.ops.length == 1, "IntentExecutor: a single call needs exactly one op");
            return abi.encodePacked(op.ops[0].to, op.ops[0].value, op.ops[0].data);
        }
        return abi.encode(op.ops);
    }
}
