// The first matching event of a contract since a moment: how the filler finds what happened without
// a journal entry of its own (ops a lost entry ran, a bridge's delivery). It looks back from the head
// over every block since `since` — twice the blocks the chain's block time gives for the time elapsed,
// at least LOOKBACK_BLOCKS — newest first, LOOKBACK_BLOCKS per request, so a filler restarted hours
// later still finds an event of its intent's time.
import type { Abi, ContractEventName, GetContractEventsParameters, GetContractEventsReturnType } from 'viem'
import { getChain } from '../core/chains/chains'
import type { FillerChain } from '../worker/fillerChains'

/** The fewest blocks looked back over, and the most one request asks for. */
export const LOOKBACK_BLOCKS = 50_000n

/** How many blocks back from `head` (at `headTime`) cover everything since `since` (unix seconds). */
export function lookbackBlocks(chainId: number, head: { number: bigint; timestamp: bigint }, since: bigint): bigint {
  const blockMs = BigInt(getChain(chainId)?.blockTimeMs ?? 1_000)
  const elapsed = head.timestamp > since ? head.timestamp - since : 0n
  // Twice the nominal count: blocks come faster than the nominal time at times.
  const blocks = (2n * elapsed * 1_000n) / blockMs + 1n
  return blocks > LOOKBACK_BLOCKS ? blocks : LOOKBACK_BLOCKS
}

export async function recentEvent<const abi extends Abi, eventName extends ContractEventName<abi>>(
  chain: FillerChain,
  query: Pick<GetContractEventsParameters<abi, eventName>, 'address' | 'abi' | 'eventName' | 'args'>,
  since: bigint,
): Promise<GetContractEventsReturnType<abi, eventName>[number] | undefined> {
  const head = await chain.client.getBlock({ blockTag: 'latest' })
  const back = lookbackBlocks(chain.chainId, head, since)
  const floor = head.number > back ? head.number - back : 0n
  for (let to = head.number; ; ) {
    const from = to - floor >= LOOKBACK_BLOCKS ? to - LOOKBACK_BLOCKS + 1n : floor
    const [first] = await chain.client.getContractEvents({ ...query, fromBlock: from, toBlock: to } as never)
    if (first) return first as GetContractEventsReturnType<abi, eventName>[number]
    if (from === floor) return undefined
    to = from - 1n
  }
}
