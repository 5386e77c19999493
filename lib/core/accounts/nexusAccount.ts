// A Nexus 1.2.0 account owned by one ECDSA key, built as @rhinestone/sdk builds its default account
// (OwnableValidator as the default validator, the intent executor as the one executor, salt
// keccak256('0x')): its counterfactual address, the setupOps that deploy it through the factory,
// the EIP-7702 initialization an EOA signs to become one, and the intent signature as the client
// packs it (validator ‖ signature, the zero address naming the default validator).
import {
  type Address,
  concatHex,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  type Hex,
  keccak256,
  parseAbi,
  zeroAddress,
} from 'viem'
import { signature } from '../abi/signature'
import { nexus, nexusAccountAbi, nexusFactoryAbi } from './smartAccounts'

/** The proxy creation code the client computes Nexus 1.2.0 addresses with (the devnet deploys the same code). */
export const nexusProxyCreationCode: Hex = `0x${[
  '60806040526102aa803803806100148161018c565b92833981016040828203126101885781516001600160a01b0381169290',
  '9190838303610188576020810151906001600160401b03821161018857019281601f8501121561018857835161006e610069',
  '826101c5565b61018c565b9481865260208601936020838301011161018857815f926020809301865e8601015260017f90b7',
  '72c2cb8a51aa7a8a65fc23543c6d022d5b3f8e2b92eed79fba7eef8293005d823b15610176577f360894a13ba1a3210667c8',
  '28492db98dca3e2076cc3735a920a3ca505d382bbc80546001600160a01b031916821790557fbc7cd75a20ee27fd9adebab3',
  '2041f755214dbc6bffa90cc0225b39da2e5c2d3b5f80a282511561015e575f8091610146945190845af43d15610156573d91',
  '610137610069846101c5565b9283523d5f602085013e6101e0565b505b604051606b908161023f8239f35b6060916101e056',
  '5b50505034156101485763b398979f60e01b5f5260045ffd5b634c9c8ce360e01b5f5260045260245ffd5b5f80fd5b604051',
  '9190601f01601f191682016001600160401b038111838210176101b157604052565b634e487b7160e01b5f52604160045260',
  '245ffd5b6001600160401b0381116101b157601f01601f191660200190565b9061020457508051156101f557805190602001',
  'fd5b63d6bda27560e01b5f5260045ffd5b81511580610235575b610215575090565b639996b31560e01b5f90815260016001',
  '60a01b0391909116600452602490fd5b50803b1561020d56fe60806040523615605c575f8073ffffffffffffffffffffffff',
  'ffffffffffffffff7f360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc541636828037813691',
  '5af43d5f803e156058573d5ff35b3d5ffd5b00fea164736f6c634300081b000a',
].join('')}`

const bootstrapAbi = parseAbi([
  'struct BootstrapConfig { address module; bytes initData; }',
  'struct BootstrapPreValidationHookConfig { uint256 hookType; address module; bytes data; }',
  signature(
    'function initNexusWithDefaultValidatorAndOtherModulesNoRegistry(bytes defaultValidatorInitData, ',
    'BootstrapConfig[] validators, BootstrapConfig[] executors, BootstrapConfig hook, BootstrapConfig[] fallbacks, ',
    'BootstrapPreValidationHookConfig[] preValidationHooks)',
  ),
])

export const nexusSalt: Hex = keccak256('0x')

export type NexusDeployment = {
  address: Address
  /** The bootstrap call the account initialises itself with (factory and EIP-7702 alike). */
  initData: Hex
  /** The account's setupOps: one createAccount call on the factory. */
  setupOp: { to: Address; data: Hex }
}

export function nexusDeployment(owner: Address): NexusDeployment {
  const validatorInit = encodeAbiParameters(
    [{ type: 'uint256' }, { type: 'address[]' }],
    [1n, [owner.toLowerCase() as Address]],
  )
  const bootstrap = encodeFunctionData({
    abi: bootstrapAbi,
    functionName: 'initNexusWithDefaultValidatorAndOtherModulesNoRegistry',
    args: [
      validatorInit,
      [],
      [{ module: nexus.intentExecutor, initData: '0x' }],
      { module: zeroAddress, initData: '0x' },
      [],
      [],
    ],
  })
  const initData = encodeAbiParameters([{ type: 'address' }, { type: 'bytes' }], [nexus.bootstrap, bootstrap])
  const factoryData = encodeFunctionData({
    abi: nexusFactoryAbi,
    functionName: 'createAccount',
    args: [initData, nexusSalt],
  })
  const initializeCall = encodeFunctionData({
    abi: nexusAccountAbi,
    functionName: 'initializeAccount',
    args: [initData],
  })
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: nexus.factory,
    salt: nexusSalt,
    bytecode: concatHex([
      nexusProxyCreationCode,
      encodeAbiParameters([{ type: 'address' }, { type: 'bytes' }], [nexus.implementation, initializeCall]),
    ]),
  })
  return { address, initData, setupOp: { to: nexus.factory, data: factoryData } }
}

/** What an EOA signs (EIP-712) to initialise itself as a Nexus after delegating to it: valid on every chain (chainIds
 * [0]). */
export function nexusEip7702InitTypedData(owner: Address) {
  return {
    domain: { name: 'Nexus', version: '1.2.0' },
    types: {
      Initialize: [
        { name: 'nexus', type: 'address' },
        { name: 'chainIds', type: 'uint256[]' },
        { name: 'initData', type: 'bytes' },
      ],
    },
    primaryType: 'Initialize',
    message: { nexus: nexus.implementation, chainIds: [0n], initData: nexusDeployment(owner).initData },
  } as const
}

/** The account fields an EOA sends to become a Nexus with EIP-7702: its setupOps (initializeAccount on itself) and the
 * delegation on every chain. */
export function nexusEip7702Account(owner: Address, initSignature: Hex) {
  const { initData } = nexusDeployment(owner)
  const encoded = encodePacked(['uint256', 'uint256', 'uint256', 'bytes'], [0n, 1n, 0n, initData])
  const data = encodeFunctionData({
    abi: nexusAccountAbi,
    functionName: 'initializeAccount',
    args: [concatHex([initSignature, encoded])],
  })
  return { setupOps: [{ to: owner, data }], delegations: { '0': { contract: nexus.implementation as Address } } }
}

/** The owner's signature as a Nexus account presents it: the validator (zero: the default one) ‖ the signature. */
export function packNexusSignature(signature: Hex): Hex {
  return concatHex([zeroAddress, signature])
}
