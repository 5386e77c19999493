'use client'
// wagmi's useConnection reads the live store even while React hydrates. A part of the page that
// hydrates late (inside Suspense) can then see a wallet that reconnected after the server rendered,
// and hydration fails. This answers "disconnected", as the server did, until hydration is over.
import { type UseConnectionReturnType, useConnection } from 'wagmi'
import { useHydrated } from '../shared/useHydrated'

const asOnTheServer = {
  address: undefined,
  addresses: undefined,
  chain: undefined,
  chainId: undefined,
  connector: undefined,
  isConnected: false,
  isConnecting: false,
  isDisconnected: true,
  isReconnecting: false,
  status: 'disconnected',
} as const satisfies UseConnectionReturnType

export function useWalletConnection(): UseConnectionReturnType {
  const connection = useConnection()
  return useHydrated() ? connection : asOnTheServer
}
