'use client'
// The connected wallet: its full address (copyable), its network with a switch, and disconnect.
import { useId, useState } from 'react'
import { useChains, useConnection, useDisconnect, useSwitchChain } from 'wagmi'
import { describeWalletError } from '@/lib/ui/wallet/describeWalletError'
import { buttonStyles } from './buttonStyles'
import { SignInButton } from './SignInButton'

export function ConnectedWallet({ onDone }: { onDone: () => void }) {
  const { address, chainId, connector } = useConnection()
  const chains = useChains()
  const { mutate: switchChain, isPending, error } = useSwitchChain()
  const { mutate: disconnect } = useDisconnect()
  const [copied, setCopied] = useState(false)
  const selectId = useId()
  const supported = chains.some((c) => c.id === chainId)

  return (
    <div className="grid gap-3">
      <div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Connected with {connector?.name === 'Injected' ? 'a browser wallet' : connector?.name}
        </p>
        <p className="mt-1 break-all font-mono text-sm">{address}</p>
        <button
          type="button"
          className={`${buttonStyles.quiet} mt-1 -ml-3`}
          onClick={() =>
            address &&
            navigator.clipboard?.writeText(address).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy address'}
        </button>
      </div>
      <div className="grid gap-1">
        <label htmlFor={selectId} className="font-medium">
          Network
        </label>
        <select
          id={selectId}
          value={supported ? chainId : ''}
          disabled={isPending}
          onChange={(e) => switchChain({ chainId: Number(e.target.value) })}
          className="rounded-lg border border-zinc-300 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-zinc-700 dark:bg-zinc-950"
        >
          {!supported && <option value="">Unsupported network ({chainId})</option>}
          {chains.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.id})
            </option>
          ))}
        </select>
        {isPending && <p className="text-xs text-zinc-600 dark:text-zinc-400">Confirm the switch in your wallet…</p>}
        {error && (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {describeWalletError(error)}
          </p>
        )}
      </div>
      <SignInButton />
      <button
        type="button"
        className={buttonStyles.secondary}
        onClick={() => {
          disconnect()
          onDone()
        }}
      >
        Disconnect
      </button>
    </div>
  )
}
