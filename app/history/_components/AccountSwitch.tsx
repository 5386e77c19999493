'use client'
// Every account the connected wallet controls, one tap each: the wallet itself (its EOA, and the same
// address when it acts as a smart account through EIP-7702) and the Nexus smart account it owns.
import type { Address } from 'viem'
import { nexusDeployment } from '@/lib/core/accounts/nexusAccount'
import { shortAddress } from '@/lib/ui/shared/formatAddress'

export type AccountSwitchProps = { wallet: string; account: string | undefined; onChoose: (address: string) => void }

export function AccountSwitch({ wallet, account, onChoose }: AccountSwitchProps) {
  const smart = nexusDeployment(wallet as Address).address
  const options = [
    { address: wallet, label: 'Wallet', note: 'also as EIP-7702' },
    { address: smart, label: 'Smart account', note: 'Nexus' },
  ]
  return (
    <fieldset className="flex flex-wrap items-center gap-2 text-sm" data-testid="account-switch">
      <legend className="mb-1 text-zinc-700 dark:text-zinc-300">Your accounts</legend>
      {options.map((o) => {
        const chosen = account?.toLowerCase() === o.address.toLowerCase()
        return (
          <button
            key={o.address}
            type="button"
            aria-pressed={chosen}
            onClick={() => onChoose(o.address)}
            className="rounded-lg border border-zinc-300 px-3 py-1.5 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50 dark:border-zinc-700 dark:aria-pressed:bg-indigo-950"
          >
            <span className="font-medium">{o.label}</span> <span className="font-mono">{shortAddress(o.address)}</span>{' '}
            <span className="text-zinc-600 dark:text-zinc-400">({o.note})</span>
          </button>
        )
      })}
    </fieldset>
  )
}
