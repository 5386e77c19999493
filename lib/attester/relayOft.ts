// MODELLED: the devnet's stand-in for LayerZero's DVNs and executor. On every chain with a USDT0 OFT
// adapter it reads the adapter's `PacketSent` events and delivers each packet to the destination
// adapter (`lzReceive`, which mints to the recipient), with the relay's own key. Delivery is once per
// packet by the destination adapter's `delivered(srcEid, guid)`, so a restart, a second relay or a
// re-read block never credits twice; the read cursor only moves past blocks whose packets were all
// delivered. Real chains have LayerZero itself: the relay runs only where OFT_RELAY_PRIVATE_KEY is
// set (the devnet's attester process).
import { type Chain, createWalletClient, type Hex, http, type LocalAccount, type PublicClient, parseAbi } from 'viem'
import { oftAdapters } from '../core/addresses'

/** What only the devnet adapter has: the packet it emits for the relay and the relay's delivery. Its
 * LayerZero OFT interface (send, quotes, OFTSent/OFTReceived) is `oftAbi` in core/abi/oft.ts. */
export const oftRelayAbi = parseAbi([
  'event PacketSent(bytes32 indexed guid, uint32 srcEid, uint32 dstEid, bytes32 to, uint256 amountReceivedLD)',
  'function delivered(uint32 srcEid, bytes32 guid) view returns (bool)',
  'function lzReceive(uint32 srcEid, bytes32 guid, bytes32 to, uint256 amountLD)',
])

export type RelayChain = { chainId: number; chain: Chain; client: PublicClient; rpcUrl: string }
/** Per source chain: the next block to read. */
export type RelayCursors = Map<number, bigint>

type Adapter = { adapter: `0x${string}`; eid: number }
const adapterOf = (chainId: number): Adapter | undefined => oftAdapters[chainId as keyof typeof oftAdapters]

export async function relayOftPackets(p: {
  chains: ReadonlyMap<number, RelayChain>
  account: LocalAccount
  cursors: RelayCursors
  log: (event: string, fields: Record<string, unknown>) => void
}): Promise<void> {
  const byEid = new Map(
    [...p.chains.values()].flatMap((c) => (adapterOf(c.chainId) ? [[adapterOf(c.chainId)?.eid, c]] : [])),
  )
  for (const source of p.chains.values()) {
    const adapter = adapterOf(source.chainId)
    if (!adapter) continue
    const latest = await source.client.getBlockNumber()
    const from = p.cursors.get(source.chainId) ?? 0n
    if (from > latest) continue
    const logs = await source.client.getContractEvents({
      address: adapter.adapter,
      abi: oftRelayAbi,
      eventName: 'PacketSent',
      fromBlock: from,
      toBlock: latest,
    })
    // A packet that cannot be delivered now holds the cursor at its block (retried next pass) but
    // not the packets after it, nor the other chains.
    let retryFrom: bigint | undefined
    for (const log of logs) {
      try {
        await deliver(log.args, source.chainId)
      } catch (error) {
        retryFrom ??= log.blockNumber ?? from
        p.log('OFT packet not delivered; retrying', { guid: log.args.guid, from: source.chainId, error: String(error) })
      }
    }
    p.cursors.set(source.chainId, retryFrom ?? latest + 1n)
  }

  async function deliver(
    args: { guid?: Hex; srcEid?: number; dstEid?: number; to?: Hex; amountReceivedLD?: bigint },
    sourceChainId: number,
  ): Promise<void> {
    const { guid, srcEid, dstEid, to, amountReceivedLD } = args
    const destination = dstEid === undefined ? undefined : byEid.get(dstEid)
    const target = destination && adapterOf(destination.chainId)
    if (!guid || srcEid === undefined || !to || amountReceivedLD === undefined || !destination || !target) return
    const read = { address: target.adapter, abi: oftRelayAbi, functionName: 'delivered', args: [srcEid, guid] } as const
    if (await destination.client.readContract(read)) return
    const wallet = createWalletClient({
      account: p.account,
      chain: destination.chain,
      transport: http(destination.rpcUrl),
    })
    const hash = await wallet.writeContract({
      address: target.adapter,
      abi: oftRelayAbi,
      functionName: 'lzReceive',
      args: [srcEid, guid, to, amountReceivedLD],
    })
    const receipt = await destination.client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success')
      throw new Error(`lzReceive of packet ${guid} reverted on chain ${destination.chainId}`)
    p.log('OFT packet delivered', {
      guid,
      from: sourceChainId,
      to: destination.chainId,
      amount: amountReceivedLD.toString(),
      tx: hash,
    })
  }
}
