// The smart accounts this deployment settles for, as @rhinestone/sdk builds them: Nexus 1.2.0
// (the client's default, deployed through its factory, or an EOA delegated to its implementation
// with EIP-7702), its default validator and the intent executor that runs an intent's operations.
import { type Address, decodeFunctionData, type Hex, isAddressEqual, parseAbi } from 'viem'
import { addresses } from '../addresses'

export const nexus = {
  factory: '0x0000000000679A258c64d2F20F310e12B64b7375',
  implementation: '0x000000000032dDC454C3BDcba80484Ad5A798705',
  bootstrap: '0x00000000006eFb61D8c9546FF1B500de3f244EA7',
  /** Rhinestone's Nexus 1.2.0 hardwires it as the default validator. */
  ownableValidator: '0x000000000013fdB5234E4E3162a810F54d9f7E98',
  intentExecutor: addresses.intentExecutor,
} as const satisfies Record<string, Address>

export const nexusFactoryAbi = parseAbi(['function createAccount(bytes initData, bytes32 salt) payable returns (address)'])
export const nexusAccountAbi = parseAbi([
  'function initializeAccount(bytes data) payable',
  'function isModuleInstalled(uint256 moduleTypeId, address module, bytes additionalContext) view returns (bool)',
])

/** What an account's `setupOps` do, when this deployment can run them. */
export type AccountSetup = { kind: 'nexus-factory'; to: Address; data: Hex } | { kind: 'eip7702-init'; to: Address; data: Hex }

/**
 * Classifies the client's `setupOps` for `account`: one call to the Nexus factory's
 * `createAccount` (a counterfactual Nexus), or one `initializeAccount` call on the account itself
 * (an EOA that delegates to the Nexus implementation with EIP-7702). Anything else: undefined.
 */
export function accountSetup(account: Address, setupOps: readonly { to: Address; data: Hex }[]): AccountSetup | undefined {
  if (setupOps.length !== 1) return undefined
  const [op] = setupOps as [{ to: Address; data: Hex }]
  try {
    if (isAddressEqual(op.to, nexus.factory)) {
      decodeFunctionData({ abi: nexusFactoryAbi, data: op.data })
      return { kind: 'nexus-factory', to: op.to, data: op.data }
    }
    if (isAddressEqual(op.to, account)) {
      decodeFunctionData({ abi: nexusAccountAbi, data: op.data })
      return { kind: 'eip7702-init', to: op.to, data: op.data }
    }
  } catch {
    return undefined
  }
  return undefined
}
