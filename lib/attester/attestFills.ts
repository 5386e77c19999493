// One pass of the attester over one chain: every `Filled` event of our arbiters between the last
// block it read and the head minus the confirmation depth becomes a signed FillAttestation in the
// database, where the filler picks it up for the origin arbiters to check. It reads the chain
// itself: it never takes the filler's word for a fill. It remembers the hash of the last block it
// read: when that block is gone or different (a re-org), the attestations of the last
// REORG_WINDOW_BLOCKS are withdrawn and those blocks read again, so every stored attestation names
// a fill that is on the chain as it is now, in the block it is in.
import type { Address, Hex, PrivateKeyAccount, PublicClient } from 'viem'
import { arbiterAbi } from '../core/abi/arbiter'
import { arbiterAddresses } from '../core/route/settlementLayers'
import { attestationTypedData, type FillAttestation } from '../core/settlement/attestation'
import { forgetAttestationsFrom, recordAttestation } from '../storage/attestationStore'
import type { Sql } from '../storage/sql'

const filledEvent = (() => {
  const event = arbiterAbi.find((item) => item.type === 'event' && item.name === 'Filled')
  if (!event) throw new Error("the arbiter's ABI has no Filled event")
  return event
})()

/** How far back a fresh attester looks. */
const LOOKBACK_BLOCKS = 5_000n

/** How far back a re-org is looked for: deeper ones are beyond what the confirmation depth assumes. */
export const REORG_WINDOW_BLOCKS = 64n

/** The next block to read, and the hash of the one before it as it was read. */
export type AttesterCursor = { next?: bigint; lastHash?: Hex }

export async function attestFills(p: {
  sql: Pick<Sql, 'query'>
  chainId: number
  client: PublicClient
  account: PrivateKeyAccount
  confirmations: number
  cursor: AttesterCursor
  log: (event: string, fields: Record<string, unknown>) => void
}): Promise<number> {
  const head = await p.client.getBlock({ blockTag: 'latest' })
  const { next, lastHash } = p.cursor
  if (next !== undefined && lastHash !== undefined && !(head.number === next - 1n && head.hash === lastHash)) {
    const last =
      head.number < next - 1n
        ? undefined
        : head.number === next - 1n
          ? head
          : await p.client.getBlock({ blockNumber: next - 1n }).catch(() => undefined)
    if (last?.hash !== lastHash) {
      const from = next - 1n > REORG_WINDOW_BLOCKS ? next - 1n - REORG_WINDOW_BLOCKS : 0n
      const withdrawn = await forgetAttestationsFrom(p.sql, p.chainId, from)
      p.log('re-org: reading again', { chainId: p.chainId, from: from.toString(), withdrawn })
      p.cursor.next = from
      p.cursor.lastHash = undefined
    }
  }
  const to = head.number - BigInt(p.confirmations)
  if (to < 0n) return 0
  const from = p.cursor.next ?? (to > LOOKBACK_BLOCKS ? to - LOOKBACK_BLOCKS : 0n)
  if (from > to) return 0
  const logs = await p.client.getLogs({
    address: [...arbiterAddresses],
    event: filledEvent,
    fromBlock: from,
    toBlock: to,
    strict: true,
  })
  const times = new Map<bigint, bigint>()
  for (const log of logs) {
    if (log.removed || log.blockNumber === null) continue
    let timestamp = times.get(log.blockNumber)
    if (timestamp === undefined) {
      timestamp = (await p.client.getBlock({ blockNumber: log.blockNumber })).timestamp
      times.set(log.blockNumber, timestamp)
    }
    const args = log.args as {
      sponsor: Address
      nonce: bigint
      recipient: Address
      filler: Address
      delivered: readonly { token: Address; amount: bigint }[]
      mandateHashes: readonly Hex[]
    }
    const attestation: FillAttestation = {
      sponsor: args.sponsor,
      nonce: args.nonce,
      recipient: args.recipient,
      delivered: args.delivered.map((t) => ({ token: t.token, amount: t.amount })),
      filler: args.filler,
      destinationChainId: BigInt(p.chainId),
      destinationArbiter: log.address,
      fillBlock: log.blockNumber,
      fillTimestamp: timestamp,
      mandateHashes: [...args.mandateHashes],
    }
    const signature: Hex = await p.account.signTypedData(attestationTypedData(attestation))
    await recordAttestation(p.sql, {
      chainId: p.chainId,
      sponsor: args.sponsor,
      nonce: args.nonce.toString(),
      attestation,
      signature,
    })
    p.log('fill attested', {
      chainId: p.chainId,
      sponsor: args.sponsor,
      nonce: args.nonce.toString(),
      block: log.blockNumber.toString(),
    })
  }
  p.cursor.next = to + 1n
  p.cursor.lastHash = to === head.number ? head.hash : (await p.client.getBlock({ blockNumber: to })).hash
  return logs.length
}
