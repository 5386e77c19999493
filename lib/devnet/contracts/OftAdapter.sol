// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Stand-in for a LayerZero OFT (USDT0) adapter: the quote views the router reads.
contract OftAdapter {
    struct SendParam {
        uint32 dstEid;
        bytes32 to;
        uint256 amountLD;
        uint256 minAmountLD;
        bytes extraOptions;
        bytes composeMsg;
        bytes oftCmd;
    }

    struct MessagingFee {
        uint256 nativeFee;
        uint256 lzTokenFee;
    }

    struct OFTLimit {
        uint256 minAmountLD;
        uint256 maxAmountLD;
    }

    struct OFTFeeDetail {
        int256 feeAmountLD;
        string description;
    }

    struct OFTReceipt {
        uint256 amountSentLD;
        uint256 amountReceivedLD;
    }

    address public owner;
    address public token;
    bool public approvalRequired;
    uint256 public nativeFee;
    uint16 public feeBps;

    function initialize(address token_, bool approvalRequired_, uint256 nativeFee_, uint16 feeBps_, address owner_) external {
        require(owner == address(0), "OftAdapter: already initialized");
        owner = owner_;
        token = token_;
        approvalRequired = approvalRequired_;
        nativeFee = nativeFee_;
        feeBps = feeBps_;
    }

    function setFees(uint256 nativeFee_, uint16 feeBps_) external {
        require(msg.sender == owner, "OftAdapter: not owner");
        nativeFee = nativeFee_;
        feeBps = feeBps_;
    }

    function sharedDecimals() external pure returns (uint8) { return 6; }

    function quoteSend(SendParam calldata, bool) external view returns (MessagingFee memory) {
        return MessagingFee(nativeFee, 0);
    }

    function quoteOFT(SendParam calldata p) external view returns (OFTLimit memory, OFTFeeDetail[] memory details, OFTReceipt memory) {
        uint256 fee = (p.amountLD * feeBps) / 10_000;
        details = new OFTFeeDetail[](1);
        details[0] = OFTFeeDetail(-int256(fee), "protocol fee");
        return (OFTLimit(0, type(uint64).max), details, OFTReceipt(p.amountLD, p.amountLD - fee));
    }
}
