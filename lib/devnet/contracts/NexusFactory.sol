// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Devnet stand-in for the Nexus 1.2.0 account factory, at its address. `createAccount`
/// deploys the real Nexus proxy (the creation code the published client embeds to compute the
/// account's address) with CREATE2 under the caller's salt, so the account lands exactly where the
/// client expects; the proxy points at the implementation and runs `initializeAccount(initData)`.
/// An account that already exists is returned as it is.
contract NexusFactory {
    address public constant IMPLEMENTATION = 0x000000000032dDC454C3BDcba80484Ad5A798705;

    /// The Nexus proxy's creation code: constructor(address implementation, bytes initCall).
    bytes public constant PROXY_CREATION_CODE =
        hex"60806040526102aa803803806100148161018c565b92833981016040828203126101885781516001600160a01b03811692909190838303610188576020810151906001600160401b03821161018857019281601f8501121561018857835161006e610069826101c5565b61018c565b9481865260208601936020838301011161018857815f926020809301865e8601015260017f90b772c2cb8a51aa7a8a65fc23543c6d022d5b3f8e2b92eed79fba7eef8293005d823b15610176577f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc80546001600160a01b031916821790557fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b5f80a282511561015e575f8091610146945190845af43d15610156573d91610137610069846101c5565b9283523d5f602085013e6101e0565b505b604051606b908161023f8239f35b6060916101e0565b50505034156101485763b398979f60e01b5f5260045ffd5b634c9c8ce360e01b5f5260045260245ffd5b5f80fd5b6040519190601f01601f191682016001600160401b038111838210176101b157604052565b634e487b7160e01b5f52604160045260245ffd5b6001600160401b0381116101b157601f01601f191660200190565b9061020457508051156101f557805190602001fd5b63d6bda27560e01b5f5260045ffd5b81511580610235575b610215575090565b639996b31560e01b5f9081526001600160a01b0391909116600452602490fd5b50803b1561020d56fe60806040523615605c575f8073ffffffffffffffffffffffffffffffffffffffff7f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc5416368280378136915af43d5f803e156058573d5ff35b3d5ffd5b00fea164736f6c634300081b000a";

    event AccountCreated(address indexed account, bytes initData, bytes32 indexed salt);

    function createAccount(bytes calldata initData, bytes32 salt) external payable returns (address payable account) {
        bytes memory creation = abi.encodePacked(
            PROXY_CREATION_CODE,
            abi.encode(IMPLEMENTATION, abi.encodeWithSignature("initializeAccount(bytes)", initData))
        );
        account = payable(address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, keccak256(creation)))))));
        if (account.code.length > 0) return account;
        address created;
        assembly {
            created := create2(callvalue(), add(creation, 32), mload(creation), salt)
        }
        require(created == account, "NexusFactory: deployment failed");
        emit AccountCreated(account, initData, salt);
    }

    function computeAccountAddress(bytes calldata initData, bytes32 salt) external view returns (address) {
        bytes memory creation = abi.encodePacked(
            PROXY_CREATION_CODE,
            abi.encode(IMPLEMENTATION, abi.encodeWithSignature("initializeAccount(bytes)", initData))
        );
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, keccak256(creation))))));
    }
}
