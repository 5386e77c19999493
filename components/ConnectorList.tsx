'use client'
// The wallets this browser offers: each EIP-6963 wallet by name, a plain injected one when the page
// has window.ethereum, and the devnet's demo wallet when the server configured it.
import { useEffect, useState } from 'react'
import { type Connector, useConnect, useConnectors } from 'wagmi'
import { describeWalletError } from '@/lib/ui/wallet/describeWalletError'

export function ConnectorList({ onConnected }: { onConnected: () => void }) {
  const connectors = useConnectors()
  const { mutate: connect, isPending, error, variables } = useConnect({ mutation: { onSuccess: onConnected } })
  const hasLegacyInjected = useLegacyInjected(connectors)
  const discovered = connectors.filter((c) => c.type === 'injected' && c.id !== 'injected')
  const shown = connectors.filter(
    (c) => c.type !== 'injected' || c.id !== 'injected' || (hasLegacyInjected && discovered.length === 0),
  )

  return (
    <div className="grid gap-3">
      <p className="font-semibold">Connect a wallet</p>
      <ul className="grid gap-2">
        {shown.map((connector) => (
          <li key={connector.uid}>
            <button
              type="button"
              disabled={isPending}
              onClick={() => connect({ connector })}
              className="flex w-full items-center gap-3 rounded-lg border border-zinc-200 px-3 py-2 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              {connector.icon ? (
                // Wallets hand over their icon as a data: URI, which next/image does not optimise.
                <img src={connector.icon} alt="" className="size-6 rounded" />
              ) : (
                <span
                  aria-hidden="true"
                  className="grid size-6 place-items-center rounded bg-indigo-100 text-xs font-bold text-indigo-900"
                >
                  {connector.id === 'demoWallet' ? 'D' : 'W'}
                </span>
              )}
              <span className="grid">
                <span className="font-medium">
                  {label(connector)}
                  {isPending && variables?.connector === connector ? ' — check your wallet…' : ''}
                </span>
                {connector.id === 'demoWallet' && (
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">
                    The devnet’s seeded demo account; the local nodes sign for it.
                  </span>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 && (
        <p className="text-zinc-700 dark:text-zinc-300">
          No browser wallet was found. Install one (MetaMask, Rabby, …) and reload, or enter an address on the portfolio
          page.
        </p>
      )}
      {error && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {describeWalletError(error)}
        </p>
      )}
    </div>
  )
}

function label(connector: Connector): string {
  return connector.id === 'injected' ? 'Browser wallet' : connector.name
}

/** Whether a pre-EIP-6963 wallet injected window.ethereum (known only in the browser). */
function useLegacyInjected(connectors: readonly Connector[]): boolean {
  const [found, setFound] = useState(false)
  const injected = connectors.find((c) => c.id === 'injected')
  useEffect(() => {
    let live = true
    injected
      ?.getProvider()
      .then((p) => live && setFound(Boolean(p)))
      .catch(() => live && setFound(false))
    return () => {
      live = false
    }
  }, [injected])
  return found
}
