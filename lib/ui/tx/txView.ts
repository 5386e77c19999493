// A transaction as the built-in transaction page shows it: status, block, from/to, gas, and the
// logs it can name — ERC-20 transfers (with the token's symbol and amount when the registry knows
// it) and the settlement arbiter's events: Escrowed, Released, Refunded, CompactClaimed, Filled.
import { type Address, erc20Abi, formatGwei, getAddress, type Hex, type Log, parseEventLogs } from 'viem'
import { arbiterAbi } from '../../core/abi/arbiter'
import type { TxInput } from '../../server/readTransaction'

export type { TxInput }

import { formatAmount } from '../shared/formatAmount'
import { tokenAmount } from '../shared/tokenAmount'

/** The arbiter's events, from its one ABI (lib/core/abi/arbiter.ts); an account's own escrow shows as
 * its `Escrowed` event (EscrowedFromAccount only repeats it with the tokens, listed as transfers). */
export const arbiterEventsAbi = arbiterAbi.filter(
  (item) => item.type === 'event' && item.name !== 'EscrowedFromAccount',
)

type ArbiterEventName = (typeof arbiterEventsAbi)[number]['name']

/** Who, besides the sponsor, each arbiter event names. */
const counterpartyOf = {
  Escrowed: 'filler',
  Released: 'filler',
  Refunded: 'caller',
  CompactClaimed: 'claimant',
  Filled: 'recipient',
} as const satisfies Record<ArbiterEventName, string>

const transferAbi = erc20Abi.filter((item) => item.type === 'event' && item.name === 'Transfer')

export type TxEvent =
  | {
      kind: 'transfer'
      logIndex: number
      token: Address
      symbol: string
      known: boolean
      amount: string
      from: Address
      to: Address
    }
  | {
      kind: 'arbiter'
      logIndex: number
      name: ArbiterEventName
      contract: Address
      sponsor: Address
      nonce: string
      counterparty: Address
      counterpartyRole: (typeof counterpartyOf)[ArbiterEventName]
    }

export type TxView = {
  statusLabel: 'success' | 'reverted'
  block: string
  time?: Date
  from: Address
  to: Address | undefined
  created: Address | undefined
  gasUsed: string
  gasPrice: string | undefined
  value: string | undefined
  events: TxEvent[]
  /** Logs neither decoder could name. */
  otherLogs: number
}

export function txEvents(chainId: number, logs: readonly Log[]): TxEvent[] {
  const events: TxEvent[] = []
  const transfers = parseEventLogs({ abi: transferAbi, logs: logs as Log[], strict: true })
  for (const log of transfers) {
    const { from, to, value } = log.args as { from: Address; to: Address; value: bigint }
    const amount = tokenAmount(chainId, log.address, value)
    events.push({
      kind: 'transfer',
      logIndex: log.logIndex ?? 0,
      token: amount.token,
      symbol: amount.symbol,
      known: amount.known,
      amount: amount.known
        ? formatAmount(value, amount.decimals, { maxFractionDigits: amount.decimals })
        : value.toString(),
      from,
      to,
    })
  }
  for (const log of parseEventLogs({ abi: arbiterEventsAbi, logs: logs as Log[], strict: true })) {
    const role = counterpartyOf[log.eventName]
    const args = log.args as { sponsor: Address; nonce: bigint } & Partial<Record<typeof role, Address>>
    const counterparty = args[role]
    if (!counterparty) throw new Error(`${log.eventName} log ${log.logIndex} on chain ${chainId} has no ${role}`)
    events.push({
      kind: 'arbiter',
      logIndex: log.logIndex ?? 0,
      name: log.eventName,
      contract: log.address,
      sponsor: args.sponsor,
      nonce: args.nonce.toString(),
      counterparty,
      counterpartyRole: role,
    })
  }
  return events.sort((a, b) => a.logIndex - b.logIndex)
}

export function txView(tx: TxInput): TxView {
  const events = txEvents(tx.chainId, tx.logs)
  return {
    statusLabel: tx.status,
    block: tx.blockNumber.toString(),
    ...(tx.blockTimestamp !== undefined ? { time: new Date(Number(tx.blockTimestamp) * 1000) } : {}),
    from: getAddress(tx.from),
    to: tx.to ? getAddress(tx.to) : undefined,
    created: tx.contractAddress ? getAddress(tx.contractAddress) : undefined,
    gasUsed: tx.gasUsed.toString(),
    gasPrice: tx.effectiveGasPrice !== undefined ? `${formatGwei(tx.effectiveGasPrice)} gwei` : undefined,
    value:
      tx.value !== undefined && tx.value > 0n
        ? `${formatAmount(tx.value, 18, { maxFractionDigits: 18 })} ETH`
        : undefined,
    events,
    otherLogs: tx.logs.length - events.length,
  }
}

/** The route params of /tx/[chainId]/[hash], checked: undefined when they are not a chain id and a hash. */
export function parseTxParams(chainId: string, hash: string): { chainId: number; hash: Hex } | undefined {
  if (!/^\d{1,10}$/.test(chainId) || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return undefined
  return { chainId: Number(chainId), hash: hash.toLowerCase() as Hex }
}

export function txPath(chainId: number, hash: string): string {
  return `/tx/${chainId}/${hash}`
}

/** Where a transaction is shown: the chain's explorer when one is configured (external), else the
 * app's own view (lib/config/explorers.ts decides which chains have one). */
export function txLink(
  chainId: number,
  hash: string,
  explorers: Partial<Record<number, string>>,
): { href: string; external: boolean } {
  const base = explorers[chainId]
  return base ? { href: `${base}/tx/${hash}`, external: true } : { href: txPath(chainId, hash), external: false }
}
