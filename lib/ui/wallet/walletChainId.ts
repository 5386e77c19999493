// wagmi types chain ids as the union its config was created with (wagmiConfig.ts registers it).
import type { ResolvedRegister } from 'wagmi'

export type WalletChainId = ResolvedRegister['config']['chains'][number]['id']

/** A chain id from a route (any number) as wagmi's union; the route's chains are the config's. */
export const asWalletChainId = (chainId: number) => chainId as WalletChainId
