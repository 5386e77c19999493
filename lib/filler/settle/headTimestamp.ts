// A chain's head as settlement passes read it for their deadline checks (chainPorts.ts).
import type { PublicClient } from 'viem'
import { createTtlCache, type TtlCache } from '../../core/chainState/ttlCache'

/** Reads of each chain's latest block under way, by its client. */
const headReads = new WeakMap<PublicClient, TtlCache<bigint>>()

/** The latest block's timestamp. Passes settled side by side ask for the same chain's head at the
 * same moments (each step's deadline checks): one asking while a read of that chain is under way
 * joins it and gets the head the node answered with, as its own read sent a moment earlier would
 * have; nothing is kept once the read is answered (no time to live). */
export function headTimestamp(client: PublicClient): Promise<bigint> {
  let reads = headReads.get(client)
  if (!reads) {
    reads = createTtlCache<bigint>({ maxEntries: 1 })
    headReads.set(client, reads)
  }
  return reads.get(
    'latest',
    async () => (await client.getBlock({ blockTag: 'latest' })).timestamp,
    () => 0,
  )
}
