'use client'
// The header's wallet control: connect (injected wallets, the devnet's demo wallet), then show the
// address and network, switch networks and disconnect. wagmi reconnects the last wallet after a reload.
import dynamic from 'next/dynamic'
import { getChain } from '@/lib/core/chains/chains'
import { shortAddress } from '@/lib/ui/shared/formatAddress'
import { useWalletConnection } from '@/lib/ui/wallet/useWalletConnection'
import { buttonStyles } from './buttonStyles'
import { Popover } from './Popover'

// The panels' code (sign-in included) loads when one is opened, not with every page.
const loading = () => <p role="status">Loading…</p>
const ConnectedWallet = dynamic(() => import('./ConnectedWallet').then((m) => m.ConnectedWallet), { loading })
const ConnectorList = dynamic(() => import('./ConnectorList').then((m) => m.ConnectorList), { loading })

export function WalletMenu() {
  const { status, address, chainId } = useWalletConnection()

  if (status === 'reconnecting' || status === 'connecting') {
    return (
      <button type="button" disabled className={buttonStyles.secondary} aria-live="polite">
        Connecting…
      </button>
    )
  }
  if (status === 'connected' && address) {
    const chainName = getChain(chainId)?.name ?? 'Unsupported network'
    return (
      <Popover
        label="Wallet"
        buttonClassName={buttonStyles.secondary}
        button={
          <>
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
            <span className="sr-only">Wallet connected: </span>
            <span className="font-mono">{shortAddress(address)}</span>
            <span className="hidden text-zinc-600 md:inline dark:text-zinc-400">on {chainName}</span>
          </>
        }
      >
        {(close) => <ConnectedWallet onDone={close} />}
      </Popover>
    )
  }
  return (
    <Popover
      label="Connect a wallet"
      buttonClassName={buttonStyles.primary}
      button={
        <span>
          Connect<span className="max-sm:sr-only"> wallet</span>
        </span>
      }
    >
      {(close) => <ConnectorList onConnected={close} />}
    </Popover>
  )
}
