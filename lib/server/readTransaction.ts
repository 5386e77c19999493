import 'server-only'
// One transaction read from the chain's own node (the server's per-chain public clients), for the
// dashboard's /tx page: receipt, transaction and block time. Nothing is cached.
import { type Address, type Hex, type Log, TransactionNotFoundError, TransactionReceiptNotFoundError } from 'viem'
import { serverContext } from './context'

/** One transaction as read: what the /tx page shows (lib/ui/tx/txView.ts). */
export type TxInput = {
  chainId: number
  hash: Hex
  status: 'success' | 'reverted'
  blockNumber: bigint
  blockTimestamp?: bigint
  from: Address
  to: Address | null
  contractAddress?: Address | null
  gasUsed: bigint
  effectiveGasPrice?: bigint
  value?: bigint
  logs: readonly Log[]
}

export type ReadTransactionResult =
  | { kind: 'found'; tx: TxInput }
  | { kind: 'not-found' }
  | { kind: 'unsupported-chain' }
  | { kind: 'unavailable'; message: string }

export async function readTransaction(chainId: number, hash: Hex): Promise<ReadTransactionResult> {
  const reader = serverContext().readers.find((r) => r.chainId === chainId)
  if (!reader) return { kind: 'unsupported-chain' }
  try {
    const [receipt, tx] = await Promise.all([
      reader.client.getTransactionReceipt({ hash }),
      reader.client.getTransaction({ hash }),
    ])
    const block = await reader.client.getBlock({ blockNumber: receipt.blockNumber }).catch(() => undefined)
    return {
      kind: 'found',
      tx: {
        chainId,
        hash,
        status: receipt.status,
        blockNumber: receipt.blockNumber,
        ...(block ? { blockTimestamp: block.timestamp } : {}),
        from: receipt.from,
        to: receipt.to,
        contractAddress: receipt.contractAddress ?? null,
        gasUsed: receipt.gasUsed,
        effectiveGasPrice: receipt.effectiveGasPrice,
        value: tx.value,
        logs: receipt.logs,
      },
    }
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError || error instanceof TransactionNotFoundError)
      return { kind: 'not-found' }
    return {
      kind: 'unavailable',
      message: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
    }
  }
}
