// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// The route's Mandate, as the client signs it inside Permit2's PermitBatchWitnessTransferFrom and
// The Compact's MultichainCompact, and its EIP-712 struct hashes: shared by the arbiter and the
// intent executor.

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

library MandateHashes {
    /// @notice The Mandate's fields and nested types: Permit2's witness type string and The
    /// Compact's witnessTypestring both start from it.
    string internal constant MANDATE_FIELDS = "Target target,uint128 minGas,Op originOps,Op destOps,bytes32 q)"
        "Op(bytes32 vt,Ops[] ops)" "Ops(address to,uint256 value,bytes data)"
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)" "Token(address token,uint256 amount";

    bytes32 internal constant TOKEN_TYPEHASH = keccak256("Token(address token,uint256 amount)");
    bytes32 internal constant TARGET_TYPEHASH = keccak256(
        "Target(address recipient,Token[] tokenOut,uint256 targetChain,uint256 fillExpiry)" "Token(address token,uint256 amount)"
    );
    bytes32 internal constant OPS_TYPEHASH = keccak256("Ops(address to,uint256 value,bytes data)");
    bytes32 internal constant OP_TYPEHASH = keccak256("Op(bytes32 vt,Ops[] ops)Ops(address to,uint256 value,bytes data)");
    bytes32 internal constant MANDATE_TYPEHASH = keccak256(abi.encodePacked("Mandate(", MANDATE_FIELDS, ")"));

    function mandateHash(Mandate calldata m) internal pure returns (bytes32) {
        return keccak256(abi.encode(MANDATE_TYPEHASH, targetHash(m.target), m.minGas, opHash(m.originOps), opHash(m.destOps), m.q));
    }

    function targetHash(Target calldata t) internal pure returns (bytes32) {
        return keccak256(abi.encode(TARGET_TYPEHASH, t.recipient, tokensHash(t.tokenOut), t.targetChain, t.fillExpiry));
    }

    function tokensHash(Token[] calldata tokens) internal pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](tokens.length);
        for (uint256 i = 0; i < tokens.length; i++) hashes[i] = keccak256(abi.encode(TOKEN_TYPEHASH, tokens[i].token, tokens[i].amount));
        return keccak256(abi.encodePacked(hashes));
    }

    function opHash(Op calldata op) internal pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](op.ops.length);
        for (uint256 i = 0; i < op.ops.length; i++) {
            hashes[i] = keccak256(abi.encode(OPS_TYPEHASH, op.ops[i].to, op.ops[i].value, keccak256(op.ops[i].data)));
        }
        return keccak256(abi.encode(OP_TYPEHASH, op.vt, keccak256(abi.encodePacked(hashes))));
    }
}
