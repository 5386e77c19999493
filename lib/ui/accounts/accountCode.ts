// What an account's code on a chain says about it, for the route builder's checks before a quote:
// none (a plain EOA, or a smart account not deployed there yet), an EIP-7702 delegation (the
// designator 0xef0100 ‖ delegate) to the Nexus implementation or to something else, or a contract.
import { type Hex, isAddressEqual } from 'viem'
import { nexus } from '../../core/accounts/smartAccounts'

export type AccountCodeKind = 'none' | 'nexus-delegation' | 'other-delegation' | 'contract'

export function accountCodeKind(code: Hex | undefined): AccountCodeKind {
  if (code === undefined || code === '0x') return 'none'
  const designator = /^0xef0100([0-9a-fA-F]{40})$/.exec(code)
  if (!designator) return 'contract'
  return isAddressEqual(`0x${designator[1]}`, nexus.implementation) ? 'nexus-delegation' : 'other-delegation'
}

/** Chains (of those read) whose code is of this kind. */
export function chainsWhere(codes: Readonly<Record<number, Hex>>, kind: AccountCodeKind): number[] {
  return Object.entries(codes)
    .filter(([, code]) => accountCodeKind(code) === kind)
    .map(([chainId]) => Number(chainId))
}
