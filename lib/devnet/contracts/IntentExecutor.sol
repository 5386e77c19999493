// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {CompactHashes} from "./CompactHashes.sol";
import {Mandate, MandateHashes, Op, Token} from "./MandateHashes.sol";

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
/// Single-chain ops: `executeSinglechainOps` runs operations the account signed as
/// `SingleChainOps{account, nonce, op, gasRefund}` in this contract's EIP-712 domain
/// (name "IntentExecutor", version "v0.0.1", the executing chain) — the typed data the client signs
/// for every element of a route that settles through the intent executor. The account's own funds
/// move by its own signature, with no Permit2 approval and no lock. Each (account, nonce) runs at
/// most once per chain; a nonce is the account's own, so nobody else can consume it.
/// `executeSinglechainOpsWithGasRefund` also charges the relayer's gas to the account afterwards:
/// (gas used + overhead) x gas price x exchangeRate / 1e18 units of `gasRefund.token` (native ETH
/// when the token is the zero address).
///
/// MODELLED: only the devnet filler may relay (set once by `initialize`).
contract IntentExecutor {
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

    bytes32 internal constant TOKEN_PERMISSIONS_TYPEHASH = keccak256("TokenPermissions(address token,uint256 amount)");
    bytes32 internal constant PERMIT_BATCH_WITNESS_TYPEHASH = keccak256(
        "PermitBatchWitnessTransferFrom(TokenPermissions[] permitted,address spender,uint256 nonce,uint256 deadline,"
        "Mandate mandate)" "Mandate(Target target,uint128 minGas,Op originOps,Op destOps,bytes32 q)"
        "Op(bytes32 vt,Ops[] ops)" "Ops(address to,uint256 value,bytes data)"
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)"
        "Token(address token,uint256 amount)" "TokenPermissions(address token,uint256 amount)"
    );
    struct GasRefund {
        address token;
        uint256 exchangeRate;
        uint256 overhead;
    }

    bytes32 internal constant GAS_REFUND_TYPEHASH = keccak256("GasRefund(address token,uint256 exchangeRate,uint256 overhead)");
    bytes32 internal constant SINGLE_CHAIN_OPS_TYPEHASH = keccak256(
        "SingleChainOps(address account,uint256 nonce,Op op,GasRefund gasRefund)"
        "GasRefund(address token,uint256 exchangeRate,uint256 overhead)" "Op(bytes32 vt,Ops[] ops)"
        "Ops(address to,uint256 value,bytes data)"
    );

    event Initialized(address filler);
    event SinglechainOpsExecuted(address indexed account, uint256 indexed nonce, uint256 gasRefunded);
    event OpsExecuted(address indexed account, uint256 indexed nonce, bool destination);

    address public filler;
    /// account → nonce → ran (destination operations on this chain)
    mapping(address => mapping(uint256 => bool)) public destinationExecuted;
    /// account → nonce → ran (pre-claim operations on this chain)
    mapping(address => mapping(uint256 => bool)) public originExecuted;
    /// account → nonce → ran (single-chain ops on this chain)
    mapping(address => mapping(uint256 => bool)) public singlechainExecuted;

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

    /// @notice Runs `ops` as `account`, which signed them as SingleChainOps with no gas refund.
    function executeSinglechainOps(address account, uint256 nonce, Op calldata ops, bytes calldata signature) external {
        _runSinglechain(account, nonce, ops, GasRefund(address(0), 0, 0), signature);
    }

    /// @notice The same, then the relayer's gas charged to the account as `gasRefund` says.
    function executeSinglechainOpsWithGasRefund(
        address account,
        uint256 nonce,
        Op calldata ops,
        GasRefund calldata gasRefund,
        bytes calldata signature
    ) external {
        _runSinglechain(account, nonce, ops, gasRefund, signature);
    }

    function singlechainDigest(address account, uint256 nonce, Op calldata ops, GasRefund memory gasRefund)
        public
        view
        returns (bytes32)
    {
        bytes32 domain = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("IntentExecutor"),
                keccak256("v0.0.1"),
                block.chainid,
                address(this)
            )
        );
        bytes32 refund = keccak256(abi.encode(GAS_REFUND_TYPEHASH, gasRefund.token, gasRefund.exchangeRate, gasRefund.overhead));
        bytes32 structHash = keccak256(abi.encode(SINGLE_CHAIN_OPS_TYPEHASH, account, nonce, MandateHashes.opHash(ops), refund));
        return keccak256(abi.encodePacked(hex"1901", domain, structHash));
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
        uint256[2][] memory idsAndAmounts = new uint256[2][](signed.commitments.length);
        for (uint256 i = 0; i < idsAndAmounts.length; i++) {
            Lock calldata lock = signed.commitments[i];
            idsAndAmounts[i] = [(uint256(uint96(lock.lockTag)) << 160) | uint256(uint160(lock.token)), lock.amount];
        }
        (bytes32 elementTypehash, bytes32 compactTypehash) = CompactHashes.typehashes(MandateHashes.MANDATE_FIELDS);
        bytes32 element = CompactHashes.elementHash(
            elementTypehash, signed.arbiter, signed.chainId, CompactHashes.commitmentsHash(idsAndAmounts), mandateHash(mandate), true
        );
        require(signed.elementIndex < signed.elementHashes.length, "IntentExecutor: element index out of range");
        require(signed.elementHashes[signed.elementIndex] == element, "IntentExecutor: element mismatch");
        return CompactHashes.digest(
            signed.notarizedChainId, CompactHashes.compactHash(compactTypehash, sponsor, nonce, signed.expires, signed.elementHashes)
        );
    }

    function mandateHash(Mandate calldata m) public pure returns (bytes32) {
        return MandateHashes.mandateHash(m);
    }

    function opHash(Op calldata op) public pure returns (bytes32) {
        return MandateHashes.opHash(op);
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

    function _runSinglechain(address account, uint256 nonce, Op calldata op, GasRefund memory gasRefund, bytes calldata signature)
        internal
    {
        uint256 gasAtStart = gasleft();
        require(msg.sender == filler, "IntentExecutor: only the filler");
        require(!singlechainExecuted[account][nonce], "IntentExecutor: already executed");
        require(account.code.length > 0, "IntentExecutor: account has no code");
        bytes32 digest = singlechainDigest(account, nonce, op, gasRefund);
        require(IERC1271(account).isValidSignature(digest, signature) == 0x1626ba7e, "IntentExecutor: not the account's signature");
        singlechainExecuted[account][nonce] = true;
        if (op.ops.length > 0) IERC7579Execution(account).executeFromExecutor(op.vt, _encode(op));
        uint256 refunded;
        if (gasRefund.exchangeRate > 0) {
            refunded = ((gasAtStart - gasleft() + gasRefund.overhead) * tx.gasprice * gasRefund.exchangeRate) / 1e18;
            bytes memory pay = gasRefund.token == address(0)
                ? abi.encodePacked(msg.sender, refunded, bytes(""))
                : abi.encodePacked(gasRefund.token, uint256(0), abi.encodeWithSignature("transfer(address,uint256)", msg.sender, refunded));
            IERC7579Execution(account).executeFromExecutor(bytes32(0), pay);
        }
        emit SinglechainOpsExecuted(account, nonce, refunded);
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
