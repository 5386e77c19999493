// Where the dashboard sends a reader to see a transaction: on the devnet (which has no explorer)
// the app's own /tx view; on real chains each chain's public explorer (viem's default), unless
// EXPLORER_URL_<chainId> names another one, or `builtin` for the app's view.
import { chainIds, getChain } from '../core/chains/chains'
import type { DashboardEnv } from './env'

/** chainId → explorer base URL; a chain left out uses the built-in /tx view. */
export type ExplorerBases = Partial<Record<number, string>>

export function explorerBases(env: DashboardEnv): ExplorerBases {
  const devnet = env.DEMO_WALLET_RPC_URLS !== undefined
  const entries = chainIds.flatMap((id) => {
    const configured = env[`EXPLORER_URL_${id}`]
    const base =
      configured === 'builtin'
        ? undefined
        : (configured ?? (devnet ? undefined : getChain(id)?.viem.blockExplorers?.default.url))
    return base ? [[id, base.replace(/\/+$/, '')] as const] : []
  })
  return Object.fromEntries(entries)
}
