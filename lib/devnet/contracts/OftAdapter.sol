// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IBridgeToken {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function bridgeBurn(address from, uint256 amount) external;
    function bridgeMint(address to, uint256 amount) external;
}

/// @notice Stand-in for a LayerZero OFT (USDT0) adapter at its real address: the quote views the
/// router reads, `send` as the account's intent executor runs it, and delivery on the destination.
/// `send` takes the tokens (locked where the adapter needs an approval, as on Ethereum; burnt
/// otherwise, as USDT0 is), keeps `feeBps`, takes LayerZero's native fee (paid to the relay) and
/// emits the packet. MODELLED: LayerZero's endpoint, DVNs and executor are one relay key that
/// reads `PacketSent` and calls `lzReceive` on the destination adapter, which mints to the
/// recipient once per packet (lib/attester/relayOft.ts).
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
    /// The relay standing in for LayerZero's verification and delivery; paid the native fee.
    address public relay;
    uint32 public localEid;
    uint64 public nextNonce;
    /// srcEid → guid → delivered
    mapping(uint32 => mapping(bytes32 => bool)) public delivered;

    event OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256 amountSentLD, uint256 amountReceivedLD);
    event PacketSent(bytes32 indexed guid, uint32 srcEid, uint32 dstEid, bytes32 to, uint256 amountReceivedLD);
    event OFTReceived(bytes32 indexed guid, uint32 srcEid, address indexed toAddress, uint256 amountReceivedLD);

    function initialize(address token_, bool approvalRequired_, uint256 nativeFee_, uint16 feeBps_, address owner_) external {
        require(owner == address(0), "OftAdapter: already initialized");
        owner = owner_;
        token = token_;
        approvalRequired = approvalRequired_;
        nativeFee = nativeFee_;
        feeBps = feeBps_;
    }

    function setRelay(address relay_, uint32 localEid_) external {
        require(msg.sender == owner, "OftAdapter: not owner");
        relay = relay_;
        localEid = localEid_;
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

    function send(SendParam calldata p, MessagingFee calldata fee, address refundAddress) external payable {
        require(relay != address(0), "OftAdapter: no relay");
        require(fee.nativeFee >= nativeFee && msg.value >= fee.nativeFee, "OftAdapter: native fee too low");
        uint256 kept = (p.amountLD * feeBps) / 10_000;
        OFTReceipt memory receipt = OFTReceipt(p.amountLD, p.amountLD - kept);
        require(receipt.amountReceivedLD >= p.minAmountLD, "OftAdapter: slippage exceeded");
        if (approvalRequired) require(IBridgeToken(token).transferFrom(msg.sender, address(this), p.amountLD), "OftAdapter: transfer failed");
        else IBridgeToken(token).bridgeBurn(msg.sender, p.amountLD);
        bytes32 guid = keccak256(abi.encode(block.chainid, localEid, nextNonce++));
        (bool paid,) = relay.call{value: fee.nativeFee}("");
        require(paid, "OftAdapter: relay refused the fee");
        if (msg.value > fee.nativeFee) {
            (bool refunded,) = refundAddress.call{value: msg.value - fee.nativeFee}("");
            require(refunded, "OftAdapter: refund failed");
        }
        emit OFTSent(guid, p.dstEid, msg.sender, receipt.amountSentLD, receipt.amountReceivedLD);
        emit PacketSent(guid, localEid, p.dstEid, p.to, receipt.amountReceivedLD);
    }

    /// @notice Delivery of a packet from `srcEid`: only the relay, once per packet.
    function lzReceive(uint32 srcEid, bytes32 guid, bytes32 to, uint256 amountLD) external {
        require(msg.sender == relay, "OftAdapter: only the relay");
        require(!delivered[srcEid][guid], "OftAdapter: already delivered");
        delivered[srcEid][guid] = true;
        address recipient = address(uint160(uint256(to)));
        IBridgeToken(token).bridgeMint(recipient, amountLD);
        emit OFTReceived(guid, srcEid, recipient, amountLD);
    }
}
