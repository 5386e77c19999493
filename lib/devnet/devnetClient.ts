// A viem client with anvil test actions, public reads and wallet writes, for one devnet chain.
import { createTestClient, http, publicActions, walletActions, type Chain } from 'viem'

export function createDevnetClient(url: string, chain: Chain) {
  return createTestClient({ mode: 'anvil', chain, transport: http(url) }).extend(publicActions).extend(walletActions)
}

export type DevnetClient = ReturnType<typeof createDevnetClient>
