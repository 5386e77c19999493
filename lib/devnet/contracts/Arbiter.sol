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
/// Nothing it holds or pays out moves on the filler's word alone:
///
/// - PERMIT2 elements (escrow with refund): `escrowPermit2` moves the sponsor's signed tokens
///   through Permit2 into this contract, recorded under (sponsor, nonce). `release` pays them to
///   the filler named in a valid attestation of the destination fill; `refund`, callable by
///   anyone, returns them to the sponsor once `fillExpiry + REFUND_DELAY` has passed without one.
/// - COMPACT elements (fill first): `claimCompact` claims the sponsor's locks from the lock
///   contract only against a valid attestation of the destination fill, for the filler it names.
/// - Destination: `fill` delivers the target's tokenOut to the recipient from the filler and
///   emits `Filled`, which the attester watches.
///
/// The attestation is an EIP-712 `FillAttestation` signed by the attester this arbiter was
/// initialised with: it models a bridge's verification of the destination's event (like a
/// Hyperlane ISM with one validator), not a light client.
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

    /// @notice What the attester signs after it saw a `Filled` event on the destination chain.
    struct FillAttestation {
        address sponsor;
        uint256 nonce;
        address recipient;
        Token[] delivered;
        address filler;
        uint256 destinationChainId;
        address destinationArbiter;
        uint256 fillBlock;
        uint256 fillTimestamp;
    }

    enum EscrowStatus {
        None,
        Held,
        Released,
        Refunded
    }

    struct Escrow {
        EscrowStatus status;
        bytes32 mandateHash;
        uint256 fillExpiry;
        address[] tokens;
        uint256[] amounts;
    }

    address public constant PERMIT2 = 0x000000000022D473030F116dDEE9F6B43aC78BA3;
    address public constant THE_COMPACT = 0x00000000000000171ede64904551eeDF3C6C9788;

    /// @notice How long after the fill deadline an unproven escrow waits before anyone may refund it.
    uint256 public constant REFUND_DELAY = 300;

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
    bytes32 public constant FILL_ATTESTATION_TYPEHASH = keccak256(
        "FillAttestation(address sponsor,uint256 nonce,address recipient,Token[] delivered,address filler,"
        "uint256 destinationChainId,address destinationArbiter,uint256 fillBlock,uint256 fillTimestamp)"
        "Token(address token,uint256 amount)"
    );
    /// @notice The attester's EIP-712 domain: name and version only, so one signature is checked
    /// on every origin chain of a route.
    bytes32 public constant ATTESTER_DOMAIN_SEPARATOR = keccak256(
        abi.encode(keccak256("EIP712Domain(string name,string version)"), keccak256("Intent Router Attester"), keccak256("1"))
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

    /// secp256k1n / 2: signatures with a higher s are malleable and rejected.
    uint256 internal constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    event Initialized(address filler, address attester);
    event Escrowed(address indexed sponsor, uint256 indexed nonce, address indexed filler, bytes32 mandateHash);
    event Released(address indexed sponsor, uint256 indexed nonce, address indexed filler);
    event Refunded(address indexed sponsor, uint256 indexed nonce, address caller);
    event CompactClaimed(address indexed sponsor, uint256 indexed nonce, address indexed claimant, bytes32 claimHash);
    event Filled(address indexed sponsor, uint256 indexed nonce, address indexed recipient, address filler, Token[] delivered, uint256 fillExpiry);

    address public filler;
    address public attester;
    mapping(address => mapping(uint256 => bool)) public filled;
    mapping(address => mapping(uint256 => Escrow)) internal _escrows;

    modifier onlyFiller() {
        require(msg.sender == filler, "Arbiter: only the filler");
        _;
    }

    function initialize(address filler_, address attester_) external {
        require(filler == address(0), "Arbiter: already initialized");
        require(filler_ != address(0) && attester_ != address(0), "Arbiter: zero address");
        require(filler_ != attester_, "Arbiter: the attester is not the filler");
        filler = filler_;
        attester = attester_;
        emit Initialized(filler_, attester_);
    }

    // ---- Origin chain: PERMIT2 escrow ------------------------------------------------------------

    /// @notice Moves a PERMIT2 element's tokens into escrow here: Permit2 checks the sponsor's
    /// PermitBatchWitnessTransferFrom signature (spender = this arbiter, witness = the Mandate).
    function escrowPermit2(
        address sponsor,
        uint256 nonce,
        uint256 deadline,
        Token[] calldata permitted,
        Mandate calldata mandate,
        bytes calldata signature
    ) external onlyFiller {
        require(block.timestamp <= mandate.target.fillExpiry, "Arbiter: fill deadline passed");
        Escrow storage e = _escrows[sponsor][nonce];
        require(e.status == EscrowStatus.None, "Arbiter: already escrowed");
        bytes32 witness = mandateHash(mandate);
        e.status = EscrowStatus.Held;
        e.mandateHash = witness;
        e.fillExpiry = mandate.target.fillExpiry;
        for (uint256 i = 0; i < permitted.length; i++) {
            e.tokens.push(permitted[i].token);
            e.amounts.push(permitted[i].amount);
        }
        IPermit2(PERMIT2).permitWitnessTransferFrom(
            _permit(permitted, nonce, deadline), _transferDetails(permitted, address(this)), sponsor, witness, WITNESS_TYPE_STRING, signature
        );
        emit Escrowed(sponsor, nonce, msg.sender, witness);
    }

    /// @notice Pays an escrow to the filler an attestation of the destination fill names.
    function release(
        address sponsor,
        uint256 nonce,
        Mandate calldata mandate,
        FillAttestation calldata attestation,
        bytes calldata attesterSignature
    ) external {
        Escrow storage e = _escrows[sponsor][nonce];
        require(e.status == EscrowStatus.Held, "Arbiter: nothing held");
        require(e.mandateHash == mandateHash(mandate), "Arbiter: not the escrowed mandate");
        _checkAttestation(sponsor, nonce, mandate, attestation, attesterSignature);
        e.status = EscrowStatus.Released;
        _payOut(e, attestation.filler);
        emit Released(sponsor, nonce, attestation.filler);
    }

    /// @notice Returns an escrow to its sponsor once REFUND_DELAY has passed after the fill
    /// deadline without a released proof. Anyone may call it; the tokens only go to the sponsor.
    function refund(address sponsor, uint256 nonce) external {
        Escrow storage e = _escrows[sponsor][nonce];
        require(e.status == EscrowStatus.Held, "Arbiter: nothing held");
        require(block.timestamp > e.fillExpiry + REFUND_DELAY, "Arbiter: refund not yet due");
        e.status = EscrowStatus.Refunded;
        _payOut(e, sponsor);
        emit Refunded(sponsor, nonce, msg.sender);
    }

    /// @notice An escrow's state (0 none, 1 held, 2 released, 3 refunded) and the first second a
    /// refund is accepted.
    function escrowOf(address sponsor, uint256 nonce) external view returns (uint8 status, uint256 refundableAfter) {
        Escrow storage e = _escrows[sponsor][nonce];
        return (uint8(e.status), e.fillExpiry + REFUND_DELAY);
    }

    // ---- Origin chain: COMPACT claim after the fill ------------------------------------------

    /// @notice Claims a COMPACT element on this chain against an attestation of the destination
    /// fill: the lock contract checks the sponsor's MultichainCompact signature with this arbiter
    /// as the element's arbiter and pays the filler the attestation names.
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
        FillAttestation calldata attestation,
        bytes calldata attesterSignature
    ) external {
        _checkAttestation(sponsor, nonce, mandate, attestation, attesterSignature);
        bytes32 claimHash = IResourceLocks(THE_COMPACT).multichainClaim(
            sponsor, nonce, expires, notarizedChainId, elementIndex, elementHashes, commitments, mandateHash(mandate), signature, attestation.filler
        );
        emit CompactClaimed(sponsor, nonce, attestation.filler, claimHash);
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
        emit Filled(sponsor, nonce, target.recipient, msg.sender, target.tokenOut, target.fillExpiry);
    }

    // ---- Attestations ------------------------------------------------------------------------

    function attestationHash(FillAttestation calldata a) public pure returns (bytes32) {
        bytes32[] memory tokenHashes = new bytes32[](a.delivered.length);
        for (uint256 i = 0; i < a.delivered.length; i++) tokenHashes[i] = tokenHash(a.delivered[i]);
        return keccak256(
            abi.encode(
                FILL_ATTESTATION_TYPEHASH,
                a.sponsor,
                a.nonce,
                a.recipient,
                keccak256(abi.encodePacked(tokenHashes)),
                a.filler,
                a.destinationChainId,
                a.destinationArbiter,
                a.fillBlock,
                a.fillTimestamp
            )
        );
    }

    /// @dev The attester signed it, and it proves this mandate's delivery: same sponsor and nonce,
    /// the mandate's recipient and chain, before its deadline, at least every tokenOut.
    function _checkAttestation(
        address sponsor,
        uint256 nonce,
        Mandate calldata mandate,
        FillAttestation calldata a,
        bytes calldata signature
    ) internal view {
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", ATTESTER_DOMAIN_SEPARATOR, attestationHash(a)));
        require(_recover(digest, signature) == attester, "Arbiter: not signed by the attester");
        require(a.sponsor == sponsor && a.nonce == nonce, "Arbiter: attestation of another intent");
        require(a.recipient == mandate.target.recipient, "Arbiter: delivered to another recipient");
        require(a.destinationChainId == mandate.target.targetChain, "Arbiter: filled on another chain");
        require(a.fillTimestamp <= mandate.target.fillExpiry, "Arbiter: filled after the deadline");
        for (uint256 i = 0; i < mandate.target.tokenOut.length; i++) {
            Token calldata wanted = mandate.target.tokenOut[i];
            uint256 got = 0;
            for (uint256 j = 0; j < a.delivered.length; j++) {
                if (a.delivered[j].token == wanted.token) got += a.delivered[j].amount;
            }
            require(got >= wanted.amount, "Arbiter: delivered less than the mandate");
        }
    }

    function _recover(bytes32 digest, bytes calldata signature) internal pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        if (uint256(s) > MAX_S || (v != 27 && v != 28)) return address(0);
        return ecrecover(digest, v, r, s);
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

    function _payOut(Escrow storage e, address to) internal {
        for (uint256 i = 0; i < e.tokens.length; i++) _transfer(e.tokens[i], to, e.amounts[i]);
    }

    /// @dev transfer that accepts tokens returning nothing (USDT) as well as true.
    function _transfer(address token, address to, uint256 amount) internal {
        require(token.code.length > 0, "Arbiter: token has no code");
        (bool ok, bytes memory answer) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        require(ok && (answer.length == 0 || abi.decode(answer, (bool))), "Arbiter: token transfer failed");
    }

    /// @dev transferFrom that accepts tokens returning nothing (USDT) as well as true.
    function _transferFrom(address token, address from, address to, uint256 amount) internal {
        (bool ok, bytes memory answer) = token.call(abi.encodeWithSelector(0x23b872dd, from, to, amount));
        require(ok && (answer.length == 0 || abi.decode(answer, (bool))), "Arbiter: token transfer failed");
        require(token.code.length > 0, "Arbiter: token has no code");
    }
}
