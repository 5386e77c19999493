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
/// MODELLED: only the devnet filler may relay (set once by `initialize`); the production executor's
/// own `SingleChainOps` flow and gas refunds are not modelled.
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

    /// @dev ERC-7579 execution calldata: single = target ‖ value ‖ callData; batch = abi.encode(Execution[]).
    function _encode(Op calldata op) internal pure returns (bytes memory) {
        if (op.vt[0] == 0x00) {
            require(op.ops.length == 1, "IntentExecutor: a single call needs exactly one op");
            return abi.encodePacked(op.ops[0].to, op.ops[0].value, op.ops[0].data);
        }
        return abi.encode(op.ops);
    }
}
