'use client'
// Client-side state for every page: react-query, wagmi and the API key. The server hands over the
// browser key, the devnet's RPC URLs and the explorers as props at render time; nothing secret is bundled.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { WagmiProvider } from 'wagmi'
import { ApiKeyProvider } from '@/lib/ui/shared/apiKey'
import { ExplorersProvider } from '@/lib/ui/tx/useExplorers'
import { createWagmiConfig } from '@/lib/ui/wallet/wagmiConfig'

export type ProvidersProps = {
  browserKey: string | undefined
  demoRpcUrls: Partial<Record<number, string>> | undefined
  /** Explorer base URL per chain; a chain left out links to the app's own /tx view. */
  explorers: Partial<Record<number, string>>
  children: ReactNode
}

export function Providers({ browserKey, demoRpcUrls, explorers, children }: ProvidersProps) {
  // Balances are read live from the chains: no refetch on every tab switch, a refresh button instead.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
  )
  const [wagmiConfig] = useState(() => createWagmiConfig({ demoRpcUrls }))
  // Marks the page as hydrated (its header and everything not still suspended answer clicks): the
  // browser tests wait for this state after each navigation, since a click before it is lost.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <ApiKeyProvider appKey={browserKey}>
          <ExplorersProvider explorers={explorers}>{children}</ExplorersProvider>
        </ApiKeyProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
