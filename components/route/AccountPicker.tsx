'use client'
// "Account": the connected wallet itself (an EOA), the Nexus smart account it owns, or the wallet's
// address delegated to Nexus with EIP-7702 (the wallet signs the account's initialisation once,
// here). A smart account gets its funds from the wallet: a "Fund it" lock in The Compact, which
// it can spend before it exists.
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Address } from 'viem'
import { erc20Abi } from 'viem'
import { useConfig } from 'wagmi'
import { getConnection, readContract, sendTransaction, switchChain, waitForTransactionReceipt } from 'wagmi/actions'
import { buttonStyles } from '@/components/buttonStyles'
import { fieldStyles } from '@/components/fieldStyles'
import { addresses } from '@/lib/core/addresses'
import { chains } from '@/lib/core/chains/chains'
import { findTokenBySymbol } from '@/lib/core/tokens/tokens'
import {
  type AccountChoice,
  accountChoiceNames,
  currentChoice,
  fundingTransactions,
} from '@/lib/ui/accounts/accountChoice'
import { useAccountChoice } from '@/lib/ui/accounts/useAccountChoice'
import type { RouteFormState } from '@/lib/ui/route/useRouteForm'
import { describeWalletError } from '@/lib/ui/wallet/describeWalletError'
import { asWalletChainId } from '@/lib/ui/wallet/walletChainId'

const choices: AccountChoice[] = ['eoa', 'nexus', 'eip7702']
const fundingChains = chains.filter((c) => findTokenBySymbol(c.id, 'USDC'))

export function AccountPicker({ state }: { state: RouteFormState }) {
  const { form, wallet } = state
  const { choose, status } = useAccountChoice(state)
  if (!wallet) return null
  const choice = currentChoice(form, wallet as Address)

  return (
    <fieldset className="grid gap-2" data-testid="account-picker" data-choice={choice ?? 'other'}>
      <legend className={fieldStyles.label}>Account to use</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((c) => (
          <label
            key={c}
            className="inline-flex items-center gap-2 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm has-checked:border-indigo-600 has-checked:bg-indigo-50 dark:border-zinc-700 dark:has-checked:bg-indigo-950/40"
          >
            <input type="radio" name="account-choice" checked={choice === c} onChange={() => void choose(c)} />
            {accountChoiceNames[c]}
          </label>
        ))}
      </div>
      <p className={fieldStyles.help}>
        {choice === 'nexus'
          ? 'The Nexus 1.2.0 account your wallet owns, at the address @rhinestone/sdk computes for it. Where it has no code yet, the filler deploys it (its setupOps) before anything is claimed; your wallet signs the route for it.'
          : choice === 'eip7702'
            ? 'Your wallet’s own address, delegated to the Nexus 1.2.0 implementation with EIP-7702 on each chain the route touches: you sign an authorization per chain below the route, and the filler sends it with the account’s initialisation.'
            : 'Your wallet pays and signs as itself.'}
      </p>
      {choice === 'nexus' && <FundSmartAccount account={form.account as Address} />}
      <p aria-live="polite" className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="account-choice-status">
        {status}
      </p>
    </fieldset>
  )
}

/** Locks USDC from the wallet for the smart account in The Compact: the approval when needed, then the deposit. */
function FundSmartAccount({ account }: { account: Address }) {
  const config = useConfig()
  const queryClient = useQueryClient()
  const [chainId, setChainId] = useState(8453)
  const [amount, setAmount] = useState('50')
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  const fund = async () => {
    setBusy(true)
    try {
      const id = asWalletChainId(chainId)
      const usdc = findTokenBySymbol(chainId, 'USDC')
      if (!usdc) throw new Error(`No USDC is listed on chain ${chainId}.`)
      const from = getConnection(config).address
      if (!from) throw new Error('No wallet is connected.')
      if (getConnection(config).chainId !== chainId) await switchChain(config, { chainId: id })
      const allowance = await readContract(config, {
        chainId: id,
        address: usdc.address as Address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [from, addresses.theCompact],
      })
      const txs = fundingTransactions(account, chainId, amount, allowance)
      for (const [i, tx] of txs.entries()) {
        setStatus(
          txs.length === 2 && i === 0 ? 'Confirm the approval in your wallet…' : 'Confirm the deposit in your wallet…',
        )
        const hash = await sendTransaction(config, { chainId: id, to: tx.to, data: tx.data, value: tx.value })
        const receipt = await waitForTransactionReceipt(config, { chainId: id, hash })
        if (receipt.status !== 'success') throw new Error('The transaction reverted: nothing was locked.')
      }
      setStatus(`Locked ${amount} USDC for the smart account on ${chains.find((c) => c.id === chainId)?.name}.`)
      // What the account holds changed: the form's balances (the portfolio queries) read it again.
      void queryClient.invalidateQueries({ queryKey: ['portfolio'] })
    } catch (error) {
      setStatus(describeWalletError(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="grid gap-2 rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-950/60" data-testid="fund-smart-account">
      <p>
        <strong className="font-medium">Fund it:</strong> lock USDC from your wallet for the smart account in The
        Compact. It can spend locked funds before it exists (no approval needed).
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1">
          <span className={fieldStyles.label}>Chain</span>
          <select
            className={fieldStyles.control(false)}
            value={chainId}
            onChange={(e) => setChainId(Number(e.target.value))}
          >
            {fundingChains.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          <span className={fieldStyles.label}>USDC</span>
          <input
            className={`${fieldStyles.control(false)} w-28`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={busy || !/^\d+(\.\d{1,6})?$/.test(amount) || Number(amount) <= 0}
          onClick={() => void fund()}
        >
          {busy ? 'Funding…' : 'Fund it'}
        </button>
      </div>
      <p aria-live="polite" data-testid="fund-status">
        {status}
      </p>
    </div>
  )
}
