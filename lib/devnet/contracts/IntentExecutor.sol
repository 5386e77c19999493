// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {CompactHashes} from "./CompactHashes.sol";
import {Mandate, MandateHashes, Op, Ops, Token} from "./MandateHashes.sol";

interface IERC1271 {
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4);
}

interface IERC7579Module {
    function isModuleInstalled(uint256 moduleTypeId, address module, bytes calldata additionalContext) external view returns (bool);
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
/// Single-chain ops (the production executor's interface): `executeSinglechainOps` runs operations the account signed as
/// `SingleChainOps{account, nonce, op, gasRefund}` in this contract's EIP-712 domain
/// (name "IntentExecutor", version "v0.0.1", the executing chain) — the typed data the client signs
/// for every element of a route that settles through the intent executor. The account's own funds
/// move by its own signature, with no Permit2 approval and no lock. Each (account, nonce) runs at
/// most once per chain; a nonce is the account's own, so nobody else can consume it.
/// `executeSinglechainOpsWithGasRefund` also charges the relayer's gas to the account afterwards:
/// (gas used + overhead) x gas price x exchangeRate / 1e18 units of `gasRefund.token` (native ETH
/// when the token is the zero address).
/// `executeSinglechainOpsFor` is the relayer's guarded entry: the same ops, then the relayer's own
/// terms (not signed by the account) checked after they ran — the fee it is owed arrived, and a
/// native prefund it handed over left the account (spent by the ops, not kept) — or nothing happens.
/// Whatever code answers as the account, the relayer is paid in the transaction that does the work.
///
/// MODELLED: only the devnet fillers may relay (the set is fixed once by `initialize`; each filler
/// process sends from its own key).
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
    /// The production executor's ops: encodePacked(uint8 execType, uint8 sigMode, abi.encode(Ops[])).
    struct OpsData {
        bytes data;
    }

    struct SignedOps {
        address account;
        uint256 nonce;
        OpsData ops;
        bytes signature;
    }

    struct GasRefund {
        address token;
        uint256 exchangeRate;
        uint256 overhead;
    }

    /// @notice What the relayer requires of ops it relays: `fee` units of `feeToken` (the zero
    /// address: native ETH) paid to it by the ops.
    struct RelayTerms {
        address feeToken;
        uint256 fee;
    }

    bytes32 internal constant GAS_REFUND_TYPEHASH = keccak256("GasRefund(address token,uint256 exchangeRate,uint256 overhead)");
    bytes32 internal constant SINGLE_CHAIN_OPS_TYPEHASH = keccak256(
        "SingleChainOps(address account,uint256 nonce,Op op,GasRefund gasRefund)"
        "GasRefund(address token,uint256 exchangeRate,uint256 overhead)" "Op(bytes32 vt,Ops[] ops)"
        "Ops(address to,uint256 value,bytes data)"
    );

    /// The only execType and sigMode the stand-in runs (the client's defaults): a batch of calls,
    /// checked with the account's ERC-1271.
    uint8 internal constant EXEC_TYPE_BATCH = 0x02;
    uint8 internal constant SIG_MODE_ERC1271 = 0x01;
    bytes32 internal constant BATCH_MODE = bytes32(bytes1(0x01));

    error InvalidStandaloneIntentSignature();
    error NotInitialized(address account);

    event Initialized(address[] fillers);
    event SinglechainOpsExecuted(address indexed account, uint256 indexed nonce, uint256 gasRefunded);
    event OpsExecuted(address indexed account, uint256 indexed nonce, bool destination);

    /// Whether an address is one of the fillers this executor was initialised with.
    mapping(address => bool) public isFiller;
    address[] internal _fillers;
    /// account → nonce → ran (destination operations on this chain)
    mapping(address => mapping(uint256 => bool)) public destinationExecuted;
    /// account → nonce → ran (pre-claim operations on this chain)
    mapping(address => mapping(uint256 => bool)) public originExecuted;
    /// account → nonce → ran (single-chain ops on this chain)
    mapping(address => mapping(uint256 => bool)) public singlechainExecuted;

    function initialize(address[] calldata fillers_) external {
        require(_fillers.length == 0, "IntentExecutor: already initialized");
        require(fillers_.length > 0, "IntentExecutor: zero filler");
        for (uint256 i = 0; i < fillers_.length; i++) {
            require(fillers_[i] != address(0), "IntentExecutor: zero filler");
            require(!isFiller[fillers_[i]], "IntentExecutor: filler listed twice");
            isFiller[fillers_[i]] = true;
        }
        _fillers = fillers_;
        emit Initialized(fillers_);
    }

    /// The fillers this executor was initialised with.
    function fillers() external view returns (address[] memory) {
        return _fillers;
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

    /// @notice Runs the ops `signedOps.account` signed as SingleChainOps (no gas refund), with the
    /// production executor's interface: `ops.data` = encodePacked(uint8 execType, uint8 sigMode,
    /// abi.encode(Ops[])); execType and sigMode are the first two bytes of the signed `Op.vt`. The
    /// native value sent with the call is the route's `prefundAmount`, handed to the account before
    /// its ops run (an OFT's LayerZero fee): if the ops revert, it goes back with everything else.
    function executeSinglechainOps(SignedOps calldata signedOps) external payable {
        _runSinglechain(signedOps, GasRefund(address(0), 0, 0));
    }

    /// @notice The same, then the relayer's gas charged to the account as `gasRefund` says (it is part
    /// of what the account signed).
    function executeSinglechainOpsWithGasRefund(SignedOps calldata signedOps, GasRefund calldata gasRefund) external payable {
        _runSinglechain(signedOps, gasRefund);
    }

    /// @notice `executeSinglechainOps` on the relayer's terms: reverts unless the ops paid the relayer
    /// `terms.fee` of `terms.feeToken` and, when a prefund was sent, left the account no richer in ETH.
    function executeSinglechainOpsFor(SignedOps calldata signedOps, RelayTerms calldata terms) external payable {
        address account = signedOps.account;
        uint256 paidBefore = _balanceOf(terms.feeToken, msg.sender);
        uint256 ethBefore = account.balance;
        _runSinglechain(signedOps, GasRefund(address(0), 0, 0));
        require(_balanceOf(terms.feeToken, msg.sender) >= paidBefore + terms.fee, "IntentExecutor: relayer not paid");
        if (msg.value > 0) require(account.balance <= ethBefore, "IntentExecutor: prefund kept by the account");
    }

    function isStandaloneIntentNonceConsumed(uint256 nonce, address account) external view returns (bool) {
        return singlechainExecuted[account][nonce];
    }

    function singlechainDigest(address account, uint256 nonce, bytes32 vt, Ops[] memory ops, GasRefund memory gasRefund)
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
        bytes32[] memory hashes = new bytes32[](ops.length);
        for (uint256 i = 0; i < ops.length; i++) {
            hashes[i] = keccak256(abi.encode(MandateHashes.OPS_TYPEHASH, ops[i].to, ops[i].value, keccak256(ops[i].data)));
        }
        bytes32 op = keccak256(abi.encode(MandateHashes.OP_TYPEHASH, vt, keccak256(abi.encodePacked(hashes))));
        bytes32 refund = keccak256(abi.encode(GAS_REFUND_TYPEHASH, gasRefund.token, gasRefund.exchangeRate, gasRefund.overhead));
        bytes32 structHash = keccak256(abi.encode(SINGLE_CHAIN_OPS_TYPEHASH, account, nonce, op, refund));
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
        require(isFiller[msg.sender], "IntentExecutor: only the filler");
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

    function _runSinglechain(SignedOps calldata signedOps, GasRefund memory gasRefund) internal {
        uint256 gasAtStart = gasleft();
        address account = signedOps.account;
        require(isFiller[msg.sender], "IntentExecutor: only the filler");
        require(!singlechainExecuted[account][signedOps.nonce], "IntentExecutor: already executed");
        if (account.code.length == 0 || !IERC7579Module(account).isModuleInstalled(2, address(this), "")) {
            revert NotInitialized(account);
        }
        bytes calldata data = signedOps.ops.data;
        require(data.length >= 2, "IntentExecutor: ops too short");
        require(uint8(data[0]) == EXEC_TYPE_BATCH && uint8(data[1]) == SIG_MODE_ERC1271, "IntentExecutor: unsupported execType or sigMode");
        Ops[] memory ops = abi.decode(data[2:], (Ops[]));
        bytes32 vt = bytes32(bytes2(data[0:2]));
        bytes32 digest = singlechainDigest(account, signedOps.nonce, vt, ops, gasRefund);
        if (IERC1271(account).isValidSignature(digest, signedOps.signature) != 0x1626ba7e) revert InvalidStandaloneIntentSignature();
        singlechainExecuted[account][signedOps.nonce] = true;
        if (msg.value > 0) {
            (bool sent,) = account.call{value: msg.value}("");
            require(sent, "IntentExecutor: prefund refused");
        }
        if (ops.length > 0) IERC7579Execution(account).executeFromExecutor(BATCH_MODE, abi.encode(ops));
        uint256 refunded;
        if (gasRefund.exchangeRate > 0) {
            refunded = ((gasAtStart - gasleft() + gasRefund.overhead) * tx.gasprice * gasRefund.exchangeRate) / 1e18;
            bytes memory pay = gasRefund.token == address(0)
                ? abi.encodePacked(msg.sender, refunded, bytes(""))
                : abi.encodePacked(gasRefund.token, uint256(0), abi.encodeWithSignature("transfer(address,uint256)", msg.sender, refunded));
            IERC7579Execution(account).executeFromExecutor(bytes32(0), pay);
        }
        emit SinglechainOpsExecuted(account, signedOps.nonce, refunded);
    }

    function _balanceOf(address token, address who) internal view returns (uint256) {
        if (token == address(0)) return who.balance;
        (bool ok, bytes memory answer) = token.staticcall(abi.encodeWithSignature("balanceOf(address)", who));
        require(ok && answer.length >= 32, "IntentExecutor: fee token has no balanceOf");
        return abi.decode(answer, (uint256));
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
