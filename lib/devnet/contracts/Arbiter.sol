// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BatchClaimComponent, BatchMultichainClaim, ExogenousBatchMultichainClaim, ITheCompactClaims} from "./CompactTypes.sol";
import {FillAttestation, FillAttestations} from "./FillAttestations.sol";
import {Mandate, MandateHashes, Target, Token} from "./MandateHashes.sol";

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

/// @notice Devnet arbiter, placed at every settlement layer's arbiter address on every chain.
/// Nothing it holds or pays out moves on the filler's word alone:
///
/// - PERMIT2 elements (escrow with refund): `escrowPermit2` moves the sponsor's signed tokens
///   through Permit2 into this contract, recorded under (sponsor, nonce). `release` pays them to
///   the filler named in a valid attestation of the destination fill; `refund`, callable by
///   anyone, returns them to the sponsor once `fillExpiry + REFUND_DELAY` has passed without one;
///   `returnEscrow` lets the address that took the escrow return it to the sponsor at any time
///   before that (an intent that failed before its fill).
/// - ACCOUNT_ESCROW elements: `escrowFromAccount`, called by the account itself from its signed
///   single-chain ops, moves its own tokens in under (account, nonce); then as PERMIT2 (any of the
///   fillers may return it early). Native ETH a refund cannot send to the account (it refuses ETH,
///   or spends more than REFUND_GAS taking it) stays here as `owedNative`, for the account to
///   withdraw to any address (`withdrawNative`): a refund always goes through.
/// - COMPACT elements (fill first): `claimCompact` claims the sponsor's locks from the lock
///   contract only against a valid attestation of the destination fill, for the filler it names.
/// - Destination: `fill` delivers every element's Mandate (one recipient, this chain) from the
///   filler and emits `Filled` with the hashes of the mandates it delivered, which the attester
///   signs: an origin arbiter pays only for a fill of its own mandate.
///
/// It is initialised with a set of fillers (each process of the filler sends from its own key, so
/// several settle at once) and one attester; any filler of the set may escrow and fill.
///
/// The attestation is an EIP-712 `FillAttestation` signed by the attester this arbiter was
/// initialised with: it models a bridge's verification of the destination's event (like a
/// Hyperlane ISM with one validator), not a light client.
contract Arbiter is FillAttestations {
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
        address escrowedBy;
        address[] tokens;
        uint256[] amounts;
    }

    address public constant PERMIT2 = 0x000000000022D473030F116dDEE9F6B43aC78BA3;
    address public constant THE_COMPACT = 0x00000000000000171ede64904551eeDF3C6C9788;

    /// @notice How long after the fill deadline an unproven escrow waits before anyone may refund it.
    uint256 public constant REFUND_DELAY = 300;

    /// @notice The gas a refund's native ETH is sent with: enough for any account's receive, and a
    /// bound on what an account can make the caller of a refund spend.
    uint256 public constant REFUND_GAS = 100_000;

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

    event Initialized(address[] fillers, address attester);
    event Escrowed(address indexed sponsor, uint256 indexed nonce, address indexed filler, bytes32 mandateHash);
    event EscrowedFromAccount(address indexed sponsor, uint256 indexed nonce, bytes32 mandateHash, Token[] tokens);
    event Released(address indexed sponsor, uint256 indexed nonce, address indexed filler);
    event Refunded(address indexed sponsor, uint256 indexed nonce, address caller);
    event NativeOwed(address indexed sponsor, uint256 amount);
    event NativeWithdrawn(address indexed sponsor, address to, uint256 amount);
    event CompactClaimed(address indexed sponsor, uint256 indexed nonce, address indexed claimant, bytes32 claimHash);
    event Filled(
        address indexed sponsor,
        uint256 indexed nonce,
        address indexed recipient,
        address filler,
        Token[] delivered,
        uint256 fillExpiry,
        bytes32[] mandateHashes
    );

    /// @notice Whether an address is one of the fillers this arbiter was initialised with.
    mapping(address => bool) public isFiller;
    address[] internal _fillers;
    mapping(address => mapping(uint256 => bool)) public filled;
    mapping(address => mapping(uint256 => Escrow)) internal _escrows;
    /// @notice Native ETH refunded to an account that did not take it, withdrawable by the account.
    mapping(address => uint256) public owedNative;

    modifier onlyFiller() {
        require(isFiller[msg.sender], "Arbiter: only the filler");
        _;
    }

    function initialize(address[] calldata fillers_, address attester_) external {
        require(attester == address(0), "Arbiter: already initialized");
        require(fillers_.length > 0, "Arbiter: no filler");
        require(attester_ != address(0), "Arbiter: zero address");
        for (uint256 i = 0; i < fillers_.length; i++) {
            address f = fillers_[i];
            require(f != address(0), "Arbiter: zero address");
            require(f != attester_, "Arbiter: the attester is not the filler");
            require(!isFiller[f], "Arbiter: filler listed twice");
            isFiller[f] = true;
        }
        _fillers = fillers_;
        attester = attester_;
        emit Initialized(fillers_, attester_);
    }

    /// @notice The fillers this arbiter was initialised with.
    function fillers() external view returns (address[] memory) {
        return _fillers;
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
        bytes32 witness = MandateHashes.mandateHash(mandate);
        e.status = EscrowStatus.Held;
        e.mandateHash = witness;
        e.fillExpiry = mandate.target.fillExpiry;
        e.escrowedBy = msg.sender;
        for (uint256 i = 0; i < permitted.length; i++) {
            // Permit2 moves ERC-20s only: a "transfer" of token 0 would move nothing, and paying it out
            // would pay native ETH other escrows hold.
            require(permitted[i].token != address(0), "Arbiter: Permit2 moves no native ETH");
            e.tokens.push(permitted[i].token);
            e.amounts.push(permitted[i].amount);
        }
        IPermit2(PERMIT2).permitWitnessTransferFrom(
            _permit(permitted, nonce, deadline), _transferDetails(permitted, address(this)), sponsor, witness, WITNESS_TYPE_STRING, signature
        );
        emit Escrowed(sponsor, nonce, msg.sender, witness);
    }

    // ---- Origin chain: the account's own escrow (ACCOUNT_ESCROW) --------------------------------

    /// @notice Moves tokens from the caller into escrow here, recorded under (caller, nonce): the
    /// account itself calls it, from the single-chain ops it signed for the intent executor, having
    /// approved this arbiter for each ERC-20; native ETH (token 0) comes as the call's value, which
    /// must equal the native total. Nobody can escrow for another account or take its nonce. The escrow
    /// follows the PERMIT2 escrow's rules: released only to the filler an attestation of the fill of
    /// `mandate` names, refunded to the account by anyone after the refund delay; returned early only
    /// by one of this arbiter's fillers (no filler is recorded: the account, or anyone relaying its
    /// ops, may have sent the transaction, and must not be able to take the escrow back once a filler
    /// has filled against it).
    function escrowFromAccount(uint256 nonce, Token[] calldata tokens, Mandate calldata mandate) external payable {
        require(block.timestamp <= mandate.target.fillExpiry, "Arbiter: fill deadline passed");
        require(tokens.length > 0, "Arbiter: nothing to escrow");
        Escrow storage e = _escrows[msg.sender][nonce];
        require(e.status == EscrowStatus.None, "Arbiter: already escrowed");
        bytes32 hash = MandateHashes.mandateHash(mandate);
        e.status = EscrowStatus.Held;
        e.mandateHash = hash;
        e.fillExpiry = mandate.target.fillExpiry;
        uint256 nativeTotal = 0;
        for (uint256 i = 0; i < tokens.length; i++) {
            require(tokens[i].amount > 0, "Arbiter: zero amount");
            e.tokens.push(tokens[i].token);
            e.amounts.push(tokens[i].amount);
            if (tokens[i].token == address(0)) {
                nativeTotal += tokens[i].amount;
                continue;
            }
            uint256 before = _balanceOf(tokens[i].token);
            _transferFrom(tokens[i].token, msg.sender, address(this), tokens[i].amount);
            require(_balanceOf(tokens[i].token) >= before + tokens[i].amount, "Arbiter: less arrived than escrowed");
        }
        require(msg.value == nativeTotal, "Arbiter: msg.value is not the native total");
        emit Escrowed(msg.sender, nonce, address(0), hash);
        emit EscrowedFromAccount(msg.sender, nonce, hash, tokens);
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
        require(e.mandateHash == MandateHashes.mandateHash(mandate), "Arbiter: not the escrowed mandate");
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
        _refund(e, sponsor, nonce);
    }

    /// @notice Returns a held escrow to its sponsor at once; only the filler that called
    /// `escrowPermit2` for it may (for an account's own escrow: any filler). The tokens only go to
    /// the sponsor, as with `refund`.
    function returnEscrow(address sponsor, uint256 nonce) external {
        Escrow storage e = _escrows[sponsor][nonce];
        require(e.status == EscrowStatus.Held, "Arbiter: nothing held");
        require(
            msg.sender == e.escrowedBy || (e.escrowedBy == address(0) && isFiller[msg.sender]),
            "Arbiter: only the escrowing filler"
        );
        _refund(e, sponsor, nonce);
    }

    /// @notice An escrow's state (0 none, 1 held, 2 released, 3 refunded) and the first second a
    /// refund is accepted.
    function escrowOf(address sponsor, uint256 nonce) external view returns (uint8 status, uint256 refundableAfter) {
        Escrow storage e = _escrows[sponsor][nonce];
        return (uint8(e.status), e.fillExpiry + REFUND_DELAY);
    }

    // ---- Origin chain: COMPACT claim after the fill ------------------------------------------

    /// @notice Claims a COMPACT element notarized on this chain against an attestation of the
    /// destination fill: The Compact checks the sponsor's MultichainCompact signature with this
    /// arbiter as the element's arbiter, and pays the filler the attestation names.
    function claimCompact(
        BatchMultichainClaim calldata claim,
        Mandate calldata mandate,
        FillAttestation calldata attestation,
        bytes calldata attesterSignature
    ) external {
        _checkClaim(claim.sponsor, claim.nonce, claim.witness, claim.claims, mandate, attestation, attesterSignature);
        bytes32 claimHash = ITheCompactClaims(THE_COMPACT).batchMultichainClaim(claim);
        emit CompactClaimed(claim.sponsor, claim.nonce, attestation.filler, claimHash);
    }

    /// @notice The same for a later element of the compact (The Compact's exogenous claim).
    function claimCompactExogenous(
        ExogenousBatchMultichainClaim calldata claim,
        Mandate calldata mandate,
        FillAttestation calldata attestation,
        bytes calldata attesterSignature
    ) external {
        _checkClaim(claim.sponsor, claim.nonce, claim.witness, claim.claims, mandate, attestation, attesterSignature);
        bytes32 claimHash = ITheCompactClaims(THE_COMPACT).exogenousBatchClaim(claim);
        emit CompactClaimed(claim.sponsor, claim.nonce, attestation.filler, claimHash);
    }

    /// @dev The claim's witness is this mandate, its delivery is attested, and every portion
    /// withdraws to the filler the attestation names.
    function _checkClaim(
        address sponsor,
        uint256 nonce,
        bytes32 witness,
        BatchClaimComponent[] calldata claims,
        Mandate calldata mandate,
        FillAttestation calldata attestation,
        bytes calldata attesterSignature
    ) internal view {
        require(witness == MandateHashes.mandateHash(mandate), "Arbiter: the claim's witness is not the mandate");
        _checkAttestation(sponsor, nonce, mandate, attestation, attesterSignature);
        for (uint256 i = 0; i < claims.length; i++) {
            for (uint256 j = 0; j < claims[i].portions.length; j++) {
                require(claims[i].portions[j].claimant == uint256(uint160(attestation.filler)), "Arbiter: pays someone other than the proven filler");
            }
        }
    }

    // ---- Destination chain: fill -------------------------------------------------------------

    /// @notice Delivers every tokenOut of the intent's mandates (one per element, one recipient, this
    /// chain) to the recipient, from the filler: ERC-20s by transferFrom (the filler approves this
    /// arbiter), native ETH (token 0) from msg.value, which must equal the native total. The
    /// earliest fill expiry counts. `Filled` carries each mandate's hash, computed here.
    function fill(address sponsor, uint256 nonce, Mandate[] calldata mandates) external payable onlyFiller {
        require(mandates.length > 0, "Arbiter: nothing to fill");
        address recipient = mandates[0].target.recipient;
        uint256 fillExpiry = type(uint256).max;
        uint256 count = 0;
        bytes32[] memory hashes = new bytes32[](mandates.length);
        for (uint256 m = 0; m < mandates.length; m++) {
            Target calldata target = mandates[m].target;
            require(target.recipient == recipient, "Arbiter: mandates name different recipients");
            require(block.chainid == target.targetChain, "Arbiter: wrong chain");
            if (target.fillExpiry < fillExpiry) fillExpiry = target.fillExpiry;
            count += target.tokenOut.length;
            hashes[m] = MandateHashes.mandateHash(mandates[m]);
        }
        require(block.timestamp <= fillExpiry, "Arbiter: fill expired");
        require(!filled[sponsor][nonce], "Arbiter: already filled");
        filled[sponsor][nonce] = true;
        Token[] memory delivered = new Token[](count);
        uint256 nativeTotal = 0;
        uint256 k = 0;
        for (uint256 m = 0; m < mandates.length; m++) {
            Token[] calldata out = mandates[m].target.tokenOut;
            for (uint256 i = 0; i < out.length; i++) {
                delivered[k++] = out[i];
                if (out[i].token == address(0)) nativeTotal += out[i].amount;
                else _transferFrom(out[i].token, msg.sender, recipient, out[i].amount);
            }
        }
        require(msg.value == nativeTotal, "Arbiter: msg.value is not the native total");
        if (nativeTotal > 0) {
            (bool ok,) = recipient.call{value: nativeTotal}("");
            require(ok, "Arbiter: native transfer failed");
        }
        emit Filled(sponsor, nonce, recipient, msg.sender, delivered, fillExpiry, hashes);
    }

    function mandateHash(Mandate calldata m) public pure returns (bytes32) {
        return MandateHashes.mandateHash(m);
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

    function _refund(Escrow storage e, address sponsor, uint256 nonce) internal {
        e.status = EscrowStatus.Refunded;
        for (uint256 i = 0; i < e.tokens.length; i++) {
            if (e.tokens[i] != address(0)) {
                _transfer(e.tokens[i], sponsor, e.amounts[i]);
                continue;
            }
            (bool sent,) = sponsor.call{value: e.amounts[i], gas: REFUND_GAS}("");
            if (!sent) {
                owedNative[sponsor] += e.amounts[i];
                emit NativeOwed(sponsor, e.amounts[i]);
            }
        }
        emit Refunded(sponsor, nonce, msg.sender);
    }

    /// @notice Sends the native ETH a refund could not send to the caller, to `to`.
    function withdrawNative(address to) external {
        uint256 amount = owedNative[msg.sender];
        require(amount > 0, "Arbiter: nothing owed");
        owedNative[msg.sender] = 0;
        (bool sent,) = to.call{value: amount}("");
        require(sent, "Arbiter: native transfer failed");
        emit NativeWithdrawn(msg.sender, to, amount);
    }

    function _payOut(Escrow storage e, address to) internal {
        for (uint256 i = 0; i < e.tokens.length; i++) _transfer(e.tokens[i], to, e.amounts[i]);
    }

    function _balanceOf(address token) internal view returns (uint256) {
        (bool ok, bytes memory answer) = token.staticcall(abi.encodeWithSelector(0x70a08231, address(this)));
        require(ok && answer.length >= 32, "Arbiter: token balance unreadable");
        return abi.decode(answer, (uint256));
    }

    /// @dev transfer that accepts tokens returning nothing (USDT) as well as true; token 0 is native
    /// ETH (only an account's own escrow holds it).
    function _transfer(address token, address to, uint256 amount) internal {
        if (token == address(0)) {
            (bool sent,) = to.call{value: amount}("");
            require(sent, "Arbiter: native transfer failed");
            return;
        }
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
