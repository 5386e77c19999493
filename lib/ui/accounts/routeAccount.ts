// Which account a route is for, and who signs for it, read from the route itself: the wallet's own
// EOA, a Nexus smart account (its setupOps name the factory; the owner is in the validator's init
// data), or an EOA that delegates to the Nexus implementation with EIP-7702 (its setupOps call
// `initializeAccount` on itself). A smart account's signature is the owner's, packed as the client
// packs it (validator ‖ signature) and checked through ERC-1271 — ERC-6492 while undeployed.
import { type Address, decodeAbiParameters, decodeFunctionData, type Hex, isAddressEqual, parseAbi } from 'viem'
import type { RouteResponse } from '../../api/routeResponse'
import { accountSetup, nexusFactoryAbi } from '../../core/accounts/smartAccounts'

type IntentOp = NonNullable<RouteResponse['intentOp']>

export type RouteAccount =
  | { kind: 'eoa'; address: Address; signer: Address }
  | { kind: 'nexus'; address: Address; signer: Address; setupOp: { to: Address; data: Hex } }
  | {
      kind: 'eip7702'
      address: Address
      signer: Address
      setupOp: { to: Address; data: Hex }
      delegate: Address | undefined
    }

const bootstrapAbi = parseAbi([
  'struct BootstrapConfig { address module; bytes initData; }',
  'struct BootstrapPreValidationHookConfig { uint256 hookType; address module; bytes data; }',
  'function initNexusWithDefaultValidatorAndOtherModulesNoRegistry(bytes defaultValidatorInitData, BootstrapConfig[] validators, BootstrapConfig[] executors, BootstrapConfig hook, BootstrapConfig[] fallbacks, BootstrapPreValidationHookConfig[] preValidationHooks)',
])

/** The single owner a Nexus factory call installs in the default validator; undefined for anything else. */
export function nexusOwner(factoryData: Hex): Address | undefined {
  try {
    const [initData] = decodeFunctionData({ abi: nexusFactoryAbi, data: factoryData }).args
    const [, bootstrap] = decodeAbiParameters([{ type: 'address' }, { type: 'bytes' }], initData)
    const [validatorInit] = decodeFunctionData({ abi: bootstrapAbi, data: bootstrap }).args
    const [threshold, owners] = decodeAbiParameters([{ type: 'uint256' }, { type: 'address[]' }], validatorInit)
    return threshold === 1n && owners.length === 1 ? owners[0] : undefined
  } catch {
    return undefined
  }
}

export function routeAccount(intentOp: Pick<IntentOp, 'sponsor' | 'signedMetadata'>): RouteAccount {
  const address = intentOp.sponsor as Address
  const { setupOps, requiredDelegations } = intentOp.signedMetadata.account as {
    setupOps: { to: Address; data: Hex }[]
    requiredDelegations: Record<string, { contract: Address }>
  }
  const setup = accountSetup(address, setupOps)
  if (setup?.kind === 'nexus-factory') {
    const owner = nexusOwner(setup.data)
    if (owner) return { kind: 'nexus', address, signer: owner, setupOp: { to: setup.to, data: setup.data } }
  }
  if (setup?.kind === 'eip7702-init') {
    return {
      kind: 'eip7702',
      address,
      signer: address,
      setupOp: { to: setup.to, data: setup.data },
      delegate: Object.values(requiredDelegations)[0]?.contract,
    }
  }
  return { kind: 'eoa', address, signer: address }
}

/** Whether the connected wallet is the one that signs for this account. */
export const signsFor = (account: RouteAccount, wallet: string | undefined): boolean =>
  wallet !== undefined && isAddressEqual(wallet as Address, account.signer)
