// Where an OFT element's tokens are after its ops ran: the source adapter's OFTSent event in the
// ops' receipt names the packet (its guid); the destination adapter's OFTReceived event with that
// guid is the delivery, reported as the route's fill. LayerZero's own events, so this reads real
// chains as it reads the devnet (where a relay stands in for LayerZero: lib/attester/relayOft.ts).
import { type Hex, isAddressEqual, parseEventLogs, type TransactionReceipt } from 'viem'
import { oftAbi } from '../core/abi/oft'
import { oftAdapters } from '../core/addresses'
import type { WireElement } from '../core/intentOp/intentOp'
import type { FillerChain } from '../worker/fillerChains'

/** How far back the destination adapter's events are read for a delivery. */
const DELIVERY_LOOKBACK_BLOCKS = 50_000n

export type BridgeDelivery = { chainId: number; txHash: Hex; timestamp: number }

/** The packet an element's ops sent, if the element bridges over OFT. */
export function sentPacket(
  element: WireElement,
  receipt: TransactionReceipt,
): { guid: Hex; dstChainId: number } | undefined {
  const bridge = element.mandate.qualifier.settlementContext.bridge
  if (!bridge) return undefined
  const sent = parseEventLogs({ abi: oftAbi, logs: receipt.logs, eventName: 'OFTSent' }).find((l) =>
    isAddressEqual(l.address, bridge.adapter),
  )
  if (!sent) throw new Error(`the OFT send of chain ${element.chainId} emitted no OFTSent event`)
  return { guid: sent.args.guid, dstChainId: bridge.dstChainId }
}

/** The packet's delivery on its destination, or undefined while it is on its way. */
export async function deliveryOf(
  packet: { guid: Hex; dstChainId: number },
  chain: FillerChain,
): Promise<BridgeDelivery | undefined> {
  const adapter = oftAdapters[packet.dstChainId as keyof typeof oftAdapters]?.adapter
  if (!adapter) throw new Error(`no OFT adapter on chain ${packet.dstChainId}`)
  const latest = await chain.client.getBlockNumber()
  const fromBlock = latest > DELIVERY_LOOKBACK_BLOCKS ? latest - DELIVERY_LOOKBACK_BLOCKS : 0n
  const [received] = await chain.client.getContractEvents({
    address: adapter,
    abi: oftAbi,
    eventName: 'OFTReceived',
    args: { guid: packet.guid },
    fromBlock,
    toBlock: latest,
  })
  if (!received?.transactionHash || received.blockNumber === null) return undefined
  const block = await chain.client.getBlock({ blockNumber: received.blockNumber })
  return { chainId: packet.dstChainId, txHash: received.transactionHash, timestamp: Number(block.timestamp) }
}
