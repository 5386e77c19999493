// Where an OFT element's tokens are after its ops ran: the source adapter's OFTSent event in the
// ops' receipt names the packet (its guid); the destination adapter's OFTReceived event with that
// guid is the delivery, reported as the route's fill. LayerZero's own events, so this reads real
// chains as it reads the devnet (where a relay stands in for LayerZero: lib/attester/relayOft.ts).
import { type Address, type Hex, isAddressEqual, parseEventLogs, type TransactionReceipt } from 'viem'
import { oftAbi } from '../core/abi/oft'
import { oftAdapters } from '../core/addresses'
import type { WireElement } from '../core/intentOp/intentOp'
import type { FillerChain } from '../worker/fillerChains'
import { recentEvent } from './recentEvent'

export type BridgeDelivery = { chainId: number; txHash: Hex; timestamp: number }

export type SentPacket = { guid: Hex; dstChainId: number; recipient: Address; minAmount: bigint }

/**
 * The packet an element's ops sent, if the element bridges over OFT: the source adapter's OFTSent
 * from the account itself, to the route's endpoint, for at least what the recipient is owed. A string
 * says why there is none (ops that answered as the account but sent nothing of the kind).
 */
export function sentPacket(
  element: WireElement,
  sponsor: Address,
  receipt: TransactionReceipt,
): SentPacket | string | undefined {
  const bridge = element.mandate.qualifier.settlementContext.bridge
  if (!bridge) return undefined
  const minAmount = BigInt(bridge.minAmountLD)
  const sent = parseEventLogs({ abi: oftAbi, logs: receipt.logs, eventName: 'OFTSent' }).find(
    (l) =>
      isAddressEqual(l.address, bridge.adapter) &&
      isAddressEqual(l.args.fromAddress, sponsor) &&
      l.args.dstEid === bridge.dstEid &&
      l.args.amountReceivedLD >= minAmount,
  )
  if (!sent)
    return (
      `its ops ran in ${receipt.transactionHash} ` +
      `but sent no OFT packet of ${minAmount} to chain ${bridge.dstChainId}`
    )
  return { guid: sent.args.guid, dstChainId: bridge.dstChainId, recipient: element.mandate.recipient, minAmount }
}

/**
 * The packet's delivery on its destination, looked for since it was sent (`sentAt`, unix seconds):
 * undefined while it is on its way, a string when the adapter credited someone else or less than
 * the route owes.
 */
export async function deliveryOf(
  packet: SentPacket,
  chain: FillerChain,
  sentAt: bigint,
): Promise<BridgeDelivery | string | undefined> {
  const adapter = oftAdapters[packet.dstChainId as keyof typeof oftAdapters]?.adapter
  if (!adapter) throw new Error(`no OFT adapter on chain ${packet.dstChainId}`)
  const query = { address: adapter, abi: oftAbi, eventName: 'OFTReceived', args: { guid: packet.guid } } as const
  const received = await recentEvent(chain, query, sentAt)
  if (!received?.transactionHash || received.blockNumber === null) return undefined
  const { toAddress, amountReceivedLD } = received.args
  if (!toAddress || !isAddressEqual(toAddress, packet.recipient) || (amountReceivedLD ?? 0n) < packet.minAmount) {
    return (
      `packet ${packet.guid} credited ${amountReceivedLD} to ${toAddress} on chain ${packet.dstChainId}, ` +
      `not ${packet.minAmount} to ${packet.recipient}`
    )
  }
  const block = await chain.client.getBlock({ blockNumber: received.blockNumber })
  return { chainId: packet.dstChainId, txHash: received.transactionHash, timestamp: Number(block.timestamp) }
}
