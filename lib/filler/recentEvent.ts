// The first matching event of a contract in a chain's recent blocks: how the filler finds what
// happened without a journal entry of its own (ops a lost entry ran, a bridge's delivery). Recent is
// the last LOOKBACK_BLOCKS blocks; older events are not looked for.
import type { Abi, ContractEventName, GetContractEventsParameters, GetContractEventsReturnType } from 'viem'
import type { FillerChain } from '../worker/fillerChains'

/** How far back an event is looked for. */
export const LOOKBACK_BLOCKS = 50_000n

export async function recentEvent<const abi extends Abi, eventName extends ContractEventName<abi>>(
  chain: FillerChain,
  query: Pick<GetContractEventsParameters<abi, eventName>, 'address' | 'abi' | 'eventName' | 'args'>,
): Promise<GetContractEventsReturnType<abi, eventName>[number] | undefined> {
  const latest = await chain.client.getBlockNumber()
  const fromBlock = latest > LOOKBACK_BLOCKS ? latest - LOOKBACK_BLOCKS : 0n
  const [first] = await chain.client.getContractEvents({ ...query, fromBlock, toBlock: latest } as never)
  return first as GetContractEventsReturnType<abi, eventName>[number] | undefined
}
