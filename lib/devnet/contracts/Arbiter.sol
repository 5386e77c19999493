// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The parts of Uniswap's Permit2 (SignatureTransfer) the arbiter calls.
interface IPermit2 {
    struct TokenPermissions {
        address token;
        uint256 amount;
    }

    struct PermitBatchTransferFrom {
        TokenPermissions[] permitted;
        uint256 nonce;
        uint256 deadline;
    }

    struct SignatureTransferDetails {
        address to;
        uint256 requestedAmount;
    }

    function permitWitnessTransferFrom(
        PermitBatchTransferFrom calldata permit,
        SignatureTransferDetails[] calldata transferDetails,
        address owner,
        bytes32 witness,
        string calldata witnessTypeString,
        bytes calldata signature
    ) external;
}

/// @notice The claim entry point of the devnet's resource-lock contract (ResourceLocks.sol).
interface IResourceLocks {
    struct Lock {
        bytes12 lockTag;
        address token;
        uint256 amount;
    }

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
    ) external returns (bytes32 claimHash);
}

/// @notice Devnet arbiter, placed at every settlement layer's arbiter address on every chain.
/// It settles an element: on the origin chain it claims the sponsor's funds for the filler
/// (through Permit2 or the resource-lock contract, both of which check the sponsor's signature
/// over this arbiter and the Mandate), and on the destination chain it records the filler's
/// delivery of the Mandate's tokenOut to the recipient.
///
/// MODELLED, NOT REAL: a production arbiter releases origin funds only once the settlement layer
/// (Across, Eco, Relay, ...) proves the destination fill. This devnet arbiter has no bridge: it
/// trusts its one filler's word that it filled, so only that filler may claim or fill.
contract Arbiter {
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

    address public constant PERMIT2 = 0x000000000022D473030F116dDEE9F6B43aC78BA3;
    address public constant THE_COMPACT = 0x00000000000000171ede64904551eeDF3C6C9788;

    bytes32 public constant TOKEN_TYPEHASH = keccak256("Token(address token,uint256 amount)");
    bytes32 public constant TARGET_TYPEHASH = keccak256(
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)"
        "Token(address token,uint256 amount)"
    );
    bytes32 public constant OPS_TYPEHASH = keccak256("Ops(address to,uint256 value,bytes data)");
    bytes32 public constant OP_TYPEHASH = keccak256("Op(bytes32 vt,Ops[] ops)Ops(address to,uint256 value,bytes data)");
    bytes32 public constant MANDATE_TYPEHASH = keccak256(
        "Mandate(Target target,uint128 minGas,Op originOps,Op destOps,bytes32 q)"
        "Op(bytes32 vt,Ops[] ops)"
        "Ops(address to,uint256 value,bytes data)"
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)"
        "Token(address token,uint256 amount)"
    );

    /// @notice What Permit2 appends to "PermitBatchWitnessTransferFrom(TokenPermissions[] permitted,
    /// address spender,uint256 nonce,uint256 deadline," to build the signed type.
    string public constant WITNESS_TYPE_STRING =
        "Mandate mandate)"
        "Mandate(Target target,uint128 minGas,Op originOps,Op destOps,bytes32 q)"
        "Op(bytes32 vt,Ops[] ops)"
        "Ops(address to,uint256 value,bytes data)"
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)"
        "Token(address token,uint256 amount)"
        "TokenPermissions(address token,uint256 amount)";

    event Initialized(address filler);
    event Permit2Claimed(address indexed sponsor, uint256 indexed nonce, address indexed claimant, bytes32 mandateHash);
    event CompactClaimed(address indexed sponsor, uint256 indexed nonce, address indexed claimant, bytes32 claimHash);
    event Filled(address indexed sponsor, uint256 indexed nonce, address indexed recipient);

    address public filler;
    mapping(address => mapping(uint256 => bool)) public filled;

    modifier onlyFiller() {
        require(msg.sender == filler, "Arbiter: only the filler");
        _;
    }

    function initialize(address filler_) external {
        require(filler == address(0), "Arbiter: already initialized");
        require(filler_ != address(0), "Arbiter: zero filler");
        filler = filler_;
        emit Initialized(filler_);
    }

    // ---- Origin chain: claims ----------------------------------------------------------------

    /// @notice Claims a PERMIT2 element: Permit2 checks the sponsor's PermitBatchWitnessTransferFrom
    /// signature (spender = this arbiter, witness = the Mandate) and moves each token to `claimant`.
    function claimPermit2(
        address sponsor,
        uint256 nonce,
        uint256 deadline,
        Token[] calldata permitted,
        Mandate calldata mandate,
        bytes calldata signature,
        address claimant
    ) external onlyFiller {
        bytes32 witness = mandateHash(mandate);
        IPermit2(PERMIT2).permitWitnessTransferFrom(
            _permit(permitted, nonce, deadline), _transferDetails(permitted, claimant), sponsor, witness, WITNESS_TYPE_STRING, signature
        );
        emit Permit2Claimed(sponsor, nonce, claimant, witness);
    }

    /// @notice Claims a COMPACT element on this chain: the resource-lock contract checks the
    /// sponsor's MultichainCompact signature with this arbiter as the element's arbiter.
    function claimCompact(
        address sponsor,
        uint256 nonce,
        uint256 expires,
        uint256 notarizedChainId,
        uint256 elementIndex,
        bytes32[] calldata elementHashes,
        IResourceLocks.Lock[] calldata commitments,
        Mandate calldata mandate,
        bytes calldata signature,
        address claimant
    ) external onlyFiller {
        bytes32 claimHash = IResourceLocks(THE_COMPACT).multichainClaim(
            sponsor, nonce, expires, notarizedChainId, elementIndex, elementHashes, commitments, mandateHash(mandate), signature, claimant
        );
        emit CompactClaimed(sponsor, nonce, claimant, claimHash);
    }

    // ---- Destination chain: fill -------------------------------------------------------------

    /// @notice Delivers every tokenOut of the target to its recipient, from the filler: ERC-20s by
    /// transferFrom (the filler approves this arbiter), native ETH (token 0) from msg.value, which
    /// must equal the native total.
    function fill(address sponsor, uint256 nonce, Target calldata target) external payable onlyFiller {
        require(block.chainid == target.targetChain, "Arbiter: wrong chain");
        require(block.timestamp <= target.fillExpiry, "Arbiter: fill expired");
        require(!filled[sponsor][nonce], "Arbiter: already filled");
        filled[sponsor][nonce] = true;
        uint256 nativeTotal = 0;
        for (uint256 i = 0; i < target.tokenOut.length; i++) {
            Token calldata out = target.tokenOut[i];
            if (out.token == address(0)) {
                nativeTotal += out.amount;
            } else {
                _transferFrom(out.token, msg.sender, target.recipient, out.amount);
            }
        }
        require(msg.value == nativeTotal, "Arbiter: msg.value is not the native total");
        if (nativeTotal > 0) {
            (bool ok,) = target.recipient.call{value: nativeTotal}("");
            require(ok, "Arbiter: native transfer failed");
        }
        emit Filled(sponsor, nonce, target.recipient);
    }

    // ---- EIP-712 struct hashes -----------------------------------------------------------------

    function mandateHash(Mandate calldata m) public pure returns (bytes32) {
        return keccak256(
            abi.encode(MANDATE_TYPEHASH, targetHash(m.target), m.minGas, opHash(m.originOps), opHash(m.destOps), m.q)
        );
    }

    function targetHash(Target calldata t) public pure returns (bytes32) {
        bytes32[] memory tokenHashes = new bytes32[](t.tokenOut.length);
        for (uint256 i = 0; i < t.tokenOut.length; i++) tokenHashes[i] = tokenHash(t.tokenOut[i]);
        return keccak256(
            abi.encode(TARGET_TYPEHASH, t.recipient, keccak256(abi.encodePacked(tokenHashes)), t.targetChain, t.fillExpiry)
        );
    }

    function tokenHash(Token calldata t) public pure returns (bytes32) {
        return keccak256(abi.encode(TOKEN_TYPEHASH, t.token, t.amount));
    }

    function opHash(Op calldata op) public pure returns (bytes32) {
        bytes32[] memory opsHashes = new bytes32[](op.ops.length);
        for (uint256 i = 0; i < op.ops.length; i++) opsHashes[i] = opsHash(op.ops[i]);
        return keccak256(abi.encode(OP_TYPEHASH, op.vt, keccak256(abi.encodePacked(opsHashes))));
    }

    function opsHash(Ops calldata o) public pure returns (bytes32) {
        return keccak256(abi.encode(OPS_TYPEHASH, o.to, o.value, keccak256(o.data)));
    }

    // ---- Internals ---------------------------------------------------------------------------

    function _permit(Token[] calldata permitted, uint256 nonce, uint256 deadline)
        internal
        pure
        returns (IPermit2.PermitBatchTransferFrom memory permit)
    {
        permit.permitted = new IPermit2.TokenPermissions[](permitted.length);
        for (uint256 i = 0; i < permitted.length; i++) {
            permit.permitted[i] = IPermit2.TokenPermissions({token: permitted[i].token, amount: permitted[i].amount});
        }
        permit.nonce = nonce;
        permit.deadline = deadline;
    }

    function _transferDetails(Token[] calldata permitted, address claimant)
        internal
        pure
        returns (IPermit2.SignatureTransferDetails[] memory details)
    {
        details = new IPermit2.SignatureTransferDetails[](permitted.length);
        for (uint256 i = 0; i < permitted.length; i++) {
            details[i] = IPermit2.SignatureTransferDetails({to: claimant, requestedAmount: permitted[i].amount});
        }
    }

    /// @dev transferFrom that accepts tokens returning nothing (USDT) as well as true.
    function _transferFrom(address token, address from, address to, uint256 amount) internal {
        (bool ok, bytes memory answer) = token.call(abi.encodeWithSelector(0x23b872dd, from, to, amount));
        require(ok && (answer.length == 0 || abi.decode(answer, (bool))), "Arbiter: token transfer failed");
        require(token.code.length > 0, "Arbiter: token has no code");
    }
}
