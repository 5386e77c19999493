// The smart accounts this deployment settles for, as @rhinestone/sdk builds them: Nexus 1.2.0
// (the client's default, deployed through its factory, or an EOA delegated to its implementation
// with EIP-7702) and Safe 1.4.1 with the Safe7579 v2 adapter (deployed through the Safe proxy
// factory), their default validator and the intent executor that runs an intent's operations.
import { type Address, decodeFunctionData, type Hex, isAddressEqual, parseAbi, zeroAddress } from 'viem'
import { signature } from '../abi/signature'
import { addresses } from '../addresses'

export const nexus = {
  factory: '0x0000000000679A258c64d2F20F310e12B64b7375',
  implementation: '0x000000000032dDC454C3BDcba80484Ad5A798705',
  bootstrap: '0x00000000006eFb61D8c9546FF1B500de3f244EA7',
  /** Rhinestone's Nexus 1.2.0 hardwires it as the default validator. */
  ownableValidator: '0x000000000013fdB5234E4E3162a810F54d9f7E98',
  intentExecutor: addresses.intentExecutor,
} as const satisfies Record<string, Address>

/** Safe 1.4.1 at its canonical addresses, and the Safe7579 v2 adapter and launchpad the client sets it up with. */
export const safe = {
  singletonFactory: '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7',
  /** SafeL2, the singleton the client's proxies point at. */
  singletonL2: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  singleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  proxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  compatibilityFallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
  tokenCallbackHandler: '0xeDCF620325E82e3B9836eaaeFdc4283E99Dd7562',
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  signMessageLib: '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9',
  createCall: '0x9b35Af71d77eaf8d7e40252370304687390A1A52',
  simulateTxAccessor: '0x3d4BA2E0884aa488718476ca2FB8Efc291A46199',
  safe7579Adapter: '0x7579f2AD53b01c3D8779Fe17928e0D48885B0003',
  safe7579Launchpad: '0x75798463024Bda64D83c94A64Bc7D7eaB41300eF',
} as const satisfies Record<string, Address>

export const safeProxyFactoryAbi = parseAbi([
  'function createProxyWithNonce(address singleton, bytes initializer, uint256 saltNonce) returns (address)',
])
export const safeSetupAbi = parseAbi([
  signature(
    'function setup(address[] owners, uint256 threshold, address to, bytes data, address fallbackHandler, ',
    'address paymentToken, uint256 payment, address paymentReceiver)',
  ),
])
export const safe7579LaunchpadAbi = parseAbi([
  'struct ModuleInit { address module; bytes initData; uint256 moduleType; }',
  'function addSafe7579(address safe7579, ModuleInit[] modules, address[] attesters, uint8 threshold)',
])

export const nexusFactoryAbi = parseAbi([
  'function createAccount(bytes initData, bytes32 salt) payable returns (address)',
])
export const nexusAccountAbi = parseAbi([
  'function initializeAccount(bytes data) payable',
  'function isModuleInstalled(uint256 moduleTypeId, address module, bytes additionalContext) view returns (bool)',
])

/** What an account's `setupOps` do, when this deployment can run them. */
export type AccountSetup = { kind: 'nexus-factory' | 'safe-factory' | 'eip7702-init'; to: Address; data: Hex }

/**
 * Classifies the client's `setupOps` for `account`: one call to the Nexus factory's
 * `createAccount` (a counterfactual Nexus), one call to the Safe proxy factory that sets up a
 * SafeL2 proxy with the Safe7579 adapter (see safe7579Setup), or one `initializeAccount` call on
 * the account itself (an EOA that delegates to the Nexus implementation with EIP-7702). Anything
 * else: undefined.
 */
export function accountSetup(
  account: Address,
  setupOps: readonly { to: Address; data: Hex }[],
): AccountSetup | undefined {
  if (setupOps.length !== 1) return undefined
  const [op] = setupOps as [{ to: Address; data: Hex }]
  try {
    if (isAddressEqual(op.to, nexus.factory)) {
      decodeFunctionData({ abi: nexusFactoryAbi, data: op.data })
      return { kind: 'nexus-factory', to: op.to, data: op.data }
    }
    if (isAddressEqual(op.to, safe.proxyFactory))
      return safe7579Setup(op.data) ? { kind: 'safe-factory', to: op.to, data: op.data } : undefined
    if (isAddressEqual(op.to, account)) {
      decodeFunctionData({ abi: nexusAccountAbi, data: op.data })
      return { kind: 'eip7702-init', to: op.to, data: op.data }
    }
  } catch {
    return undefined
  }
  return undefined
}

/**
 * Whether a Safe proxy factory call is the one the client builds and the devnet's Safe7579
 * stand-ins run: a proxy of the SafeL2 singleton whose `setup` delegatecalls the launchpad's
 * `addSafe7579` with the adapter as both module and fallback handler, installing validators and
 * executors only (the stand-in adapter serves no hooks or fallback modules), and no payment.
 */
export function safe7579Setup(data: Hex): boolean {
  const create = decodeFunctionData({ abi: safeProxyFactoryAbi, data })
  const [singleton, initializer] = create.args
  if (!isAddressEqual(singleton, safe.singletonL2)) return false
  const [, , to, setupData, fallbackHandler, paymentToken, payment] = decodeFunctionData({
    abi: safeSetupAbi,
    data: initializer,
  }).args
  if (!isAddressEqual(to, safe.safe7579Launchpad) || !isAddressEqual(fallbackHandler, safe.safe7579Adapter))
    return false
  if (!isAddressEqual(paymentToken, zeroAddress) || payment !== 0n) return false
  const [adapter, modules, attesters, threshold] = decodeFunctionData({
    abi: safe7579LaunchpadAbi,
    data: setupData,
  }).args
  return (
    isAddressEqual(adapter, safe.safe7579Adapter) &&
    attesters.length === 0 &&
    threshold === 0 &&
    modules.every((m) => m.moduleType === 1n || m.moduleType === 2n)
  )
}
