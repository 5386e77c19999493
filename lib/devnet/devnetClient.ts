// A viem client with anvil test actions, public reads and wallet writes, for one devnet chain.
import {
  type Chain,
  createTestClient,
  type Hex,
  http,
  publicActions,
  type TransactionReceipt,
  walletActions,
} from 'viem'
import { getChain, type SupportedChain } from '../core/chains/chains'

/** The supported chain with this id: the devnet runs supported chains only, so another id throws. */
export function devnetChain(chainId: number): SupportedChain {
  const chain = getChain(chainId)
  if (!chain) throw new Error(`chain ${chainId} is not a supported chain`)
  return chain
}

export function createDevnetClient(url: string, chain: Chain) {
  return createTestClient({ mode: 'anvil', chain, transport: http(url), pollingInterval: 20 })
    .extend(publicActions)
    .extend(walletActions)
}

export type DevnetClient = ReturnType<typeof createDevnetClient>

/** Waits until a sent transaction is mined (anvil may return the hash first) and fails on a revert. */
export async function mined(client: DevnetClient, hash: Hex | Promise<Hex>): Promise<TransactionReceipt> {
  const receipt = await client.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 })
  if (receipt.status !== 'success') throw new Error(`devnet transaction ${receipt.transactionHash} reverted`)
  return receipt
}
