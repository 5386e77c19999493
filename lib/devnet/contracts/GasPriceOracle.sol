// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice OP-stack GasPriceOracle predeploy (Ecotone fee formula) with operator-set L1 parameters.
contract GasPriceOracle {
    uint256 public constant decimals = 6;
    address public owner;
    uint256 public l1BaseFee;
    uint256 public blobBaseFee;
    uint32 public baseFeeScalar;
    uint32 public blobBaseFeeScalar;

    function initialize(address owner_) external {
        require(owner == address(0), "GasPriceOracle: already initialized");
        owner = owner_;
    }

    function setL1FeeParams(uint256 l1BaseFee_, uint256 blobBaseFee_, uint32 baseFeeScalar_, uint32 blobBaseFeeScalar_) external {
        require(msg.sender == owner, "GasPriceOracle: not owner");
        l1BaseFee = l1BaseFee_;
        blobBaseFee = blobBaseFee_;
        baseFeeScalar = baseFeeScalar_;
        blobBaseFeeScalar = blobBaseFeeScalar_;
    }

    function isEcotone() external pure returns (bool) { return true; }

    function getL1GasUsed(bytes calldata data) public pure returns (uint256) {
        uint256 total = 0;
        for (uint256 i = 0; i < data.length; i++) {
            total += data[i] == 0 ? 4 : 16;
        }
        return total + 68 * 16; // unsigned-transaction overhead, as in Ecotone
    }

    function getL1Fee(bytes calldata data) external view returns (uint256) {
        uint256 scaledBaseFee = uint256(baseFeeScalar) * 16 * l1BaseFee;
        uint256 scaledBlobFee = uint256(blobBaseFeeScalar) * blobBaseFee;
        return (getL1GasUsed(data) * (scaledBaseFee + scaledBlobFee)) / (16 * 10 ** decimals);
    }
}
