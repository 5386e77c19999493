'use client'
// Client-side state for every page: react-query, wagmi and the API key. The server hands over the
// browser key and the devnet's RPC URLs as props at render time; nothing secret is bundled.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { WagmiProvider } from 'wagmi'
import { ApiKeyProvider } from '@/lib/ui/shared/apiKey'
import { createWagmiConfig } from '@/lib/ui/wallet/wagmiConfig'

export type ProvidersProps = {
  browserKey: string | undefined
  demoRpcUrls: Partial<Record<number, string>> | undefined
  children: ReactNode
}

export function Providers({ browserKey, demoRpcUrls, children }: ProvidersProps) {
  // Balances are read live from the chains: no refetch on every tab switch, a refresh button instead.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }))
  const [wagmiConfig] = useState(() => createWagmiConfig({ demoRpcUrls }))
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <ApiKeyProvider appKey={browserKey}>{children}</ApiKeyProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
