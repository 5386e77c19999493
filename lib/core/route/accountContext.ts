// What an account is on a chain, read from its code: an EOA (no code), an EIP-7702 delegated EOA
// (code 0xef0100 ‖ delegate), or a deployed contract account.
import { type Address, getAddress, type Hex, isAddressEqual } from 'viem'
import type { AccountContext } from '../intentOp/intentOp'

const DELEGATION_PREFIX = '0xef0100'

export function delegateOf(code: Hex | undefined): Address | undefined {
  if (!code?.toLowerCase().startsWith(DELEGATION_PREFIX) || code.length !== 2 + 46) return undefined
  return getAddress(`0x${code.slice(8)}`)
}

/** `erc7579`: whether the account answered ERC-7579's accountId() (read from chain when it has code). */
export function accountContext(
  code: Hex | undefined,
  declaredType: string,
  erc7579: boolean | undefined,
): AccountContext {
  const delegate = delegateOf(code)
  if (delegate)
    return { accountType: 'smartAccount', isDeployed: true, isERC7579: erc7579 ?? false, delegatedTo: delegate }
  if (code && code !== '0x') return { accountType: 'smartAccount', isDeployed: true, isERC7579: erc7579 ?? false }
  // Not deployed: nothing to read, so what the caller declares is all there is.
  if (declaredType === 'EOA' || declaredType === 'GENERIC') return { accountType: 'EOA' }
  return { accountType: 'smartAccount', isDeployed: false, isERC7579: declaredType === 'ERC7579' }
}

/** Chains (of those asked) where the account still has to delegate to the contract it names.
 * The client writes `{ "0": { contract } }` for "every chain": a chain's own entry wins over it. */
export function requiredDelegations(
  delegations: Record<string, { contract: Address }>,
  codeByChain: ReadonlyMap<number, Hex | undefined>,
): Record<string, { contract: Address }> {
  const everyChain = delegations['0']
  return Object.fromEntries(
    [...codeByChain.keys()].flatMap((chainId) => {
      const wanted = delegations[String(chainId)] ?? everyChain
      if (!wanted) return []
      const current = delegateOf(codeByChain.get(chainId))
      return current && isAddressEqual(current, wanted.contract)
        ? []
        : [[String(chainId), { contract: wanted.contract }]]
    }),
  )
}
