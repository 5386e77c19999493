// The dashboard's wagmi config: any injected wallet (EIP-6963 discovery) and, on the devnet, the
// demo wallet. Built in the browser from what the server hands the page at render time.
import type { Chain } from 'viem'
import { createConfig, http, injected } from 'wagmi'
import { chains } from '../../core/chains/chains'
import { demoWallet } from './demoWallet'

export type CreateWagmiConfigParameters = {
  /** The devnet node per chain id (DEMO_WALLET_RPC_URLS); without it there is no demo wallet. */
  demoRpcUrls?: Partial<Record<number, string>>
}

const wagmiChains = chains.map((c) => c.viem as Chain) as [Chain, ...Chain[]]

export function createWagmiConfig({ demoRpcUrls }: CreateWagmiConfigParameters = {}) {
  const demoRpc = demoRpcUrls && Object.keys(demoRpcUrls).length > 0 ? demoRpcUrls : undefined
  return createConfig({
    chains: wagmiChains,
    connectors: [
      injected(),
      ...(demoRpc ? [demoWallet({ rpcUrls: demoRpc, authorizationUrl: '/api/demo-wallet/authorization' })] : []),
    ],
    multiInjectedProviderDiscovery: true,
    // The dashboard reads balances through the API; these transports only serve wallet-side reads.
    transports: Object.fromEntries(wagmiChains.map((c) => [c.id, http(demoRpcUrls?.[c.id])])),
    // Stored connection state is applied after hydration, so server and first client render agree.
    ssr: true,
  })
}

declare module 'wagmi' {
  interface Register {
    config: ReturnType<typeof createWagmiConfig>
  }
}
