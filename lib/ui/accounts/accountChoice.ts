// The route builder's "account" choice for a connected wallet: the wallet itself (an EOA), the
// Nexus smart account it owns (the SDK's default account, at the address the SDK computes, deployed
// by the filler through its setupOps where it has no code), or the wallet's own address delegated
// to the Nexus implementation with EIP-7702 (its setupOps initialise it with the wallet's signature).
// And how the demo smart account gets funds: the wallet locks tokens for it in The Compact, which
// an account without code can spend (no approval needed).
import { type Address, encodeFunctionData, erc20Abi, type Hex, isAddressEqual, parseUnits } from 'viem'
import { lockContractAbi } from '../../core/abi/theCompact'
import { nexusDeployment, nexusEip7702Account } from '../../core/accounts/nexusAccount'
import { addresses } from '../../core/addresses'
import { defaultLockTag } from '../../core/locks/defaultLockTag'
import { findTokenBySymbol } from '../../core/tokens/tokens'
import type { WalletTransaction } from '../route/requirementSteps'
import type { RouteForm } from '../route/routeForm'

export type AccountChoice = 'eoa' | 'nexus' | 'eip7702'

export const accountChoiceNames: Record<AccountChoice, string> = {
  eoa: 'Wallet (EOA)',
  nexus: 'Smart account (Nexus)',
  eip7702: 'EOA with 7702',
}

/** Which choice the form holds for this wallet; undefined when the account is another address typed by hand. */
export function currentChoice(
  form: Pick<RouteForm, 'account' | 'accountSetup'>,
  wallet: Address,
): AccountChoice | undefined {
  const setup = form.accountSetup
  if (setup && setup.address.toLowerCase() === form.account.trim().toLowerCase())
    return Object.keys(setup.delegations).length > 0 ? 'eip7702' : 'nexus'
  return /^0x[0-9a-fA-F]{40}$/.test(form.account.trim()) && isAddressEqual(form.account.trim() as Address, wallet)
    ? 'eoa'
    : undefined
}

/** The form with `choice` made for `wallet`; an EIP-7702 choice carries the wallet's signature of nexusEip7702InitTypedData. */
export function withAccountChoice(
  form: RouteForm,
  choice: AccountChoice,
  wallet: Address,
  initSignature?: Hex,
): RouteForm {
  if (choice === 'eoa') return { ...form, account: wallet, accountType: 'EOA', accountSetup: undefined }
  if (choice === 'nexus') {
    const d = nexusDeployment(wallet)
    return {
      ...form,
      account: d.address,
      accountType: 'ERC7579',
      accountSetup: { address: d.address, setupOps: [d.setupOp], delegations: {} },
    }
  }
  if (!initSignature) throw new Error('An EIP-7702 account needs the wallet’s signature of its Nexus initialisation')
  const fields = nexusEip7702Account(wallet, initSignature)
  return { ...form, account: wallet, accountType: 'ERC7579', accountSetup: { address: wallet, ...fields } }
}

/** Locking `amount` USDC for `account` in The Compact on `chainId`, from the wallet: the approval (when the allowance is short) and the deposit. */
export function fundingTransactions(
  account: Address,
  chainId: number,
  amount: string,
  allowance: bigint,
): WalletTransaction[] {
  const usdc = findTokenBySymbol(chainId, 'USDC')
  if (!usdc) throw new Error(`No USDC on chain ${chainId}`)
  const value = parseUnits(amount, usdc.decimals)
  const approve = {
    chainId,
    to: usdc.address as Address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [addresses.theCompact, value] }),
    value: 0n,
  }
  const deposit = {
    chainId,
    to: addresses.theCompact,
    data: encodeFunctionData({
      abi: lockContractAbi,
      functionName: 'depositERC20',
      args: [usdc.address as Address, defaultLockTag, value, account],
    }),
    value: 0n,
  }
  return allowance >= value ? [deposit] : [approve, deposit]
}
