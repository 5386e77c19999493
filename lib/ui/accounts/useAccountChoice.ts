'use client'
// Making an account choice for the connected wallet (accountChoice.ts): the wallet itself or its
// Nexus account at once; the EIP-7702 account once the wallet signs the account's initialisation.
// The account picker and the transfer card's "Use the wallet with EIP-7702" both choose through it.
import { useState } from 'react'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { signTypedData } from 'wagmi/actions'
import { nexusEip7702InitTypedData } from '@/lib/core/accounts/nexusAccount'
import type { RouteFormState } from '@/lib/ui/route/useRouteForm'
import { describeWalletError } from '@/lib/ui/wallet/describeWalletError'
import { type AccountChoice, withAccountChoice } from './accountChoice'

export function useAccountChoice({ update, wallet }: Pick<RouteFormState, 'update' | 'wallet'>) {
  const config = useConfig()
  const [status, setStatus] = useState('')
  const choose = async (next: AccountChoice) => {
    if (!wallet) return
    const owner = wallet as Address
    setStatus('')
    if (next !== 'eip7702')
      return update(['account.address', 'account.accountType'], (f) => withAccountChoice(f, next, owner))
    try {
      setStatus('Confirm in your wallet: it signs the account’s Nexus initialisation.')
      const signature = await signTypedData(
        config,
        nexusEip7702InitTypedData(owner) as Parameters<typeof signTypedData>[1],
      )
      update(['account.address', 'account.accountType'], (f) => withAccountChoice(f, 'eip7702', owner, signature))
      setStatus('')
    } catch (error) {
      setStatus(describeWalletError(error))
    }
  }
  return { choose, status }
}
