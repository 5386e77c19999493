'use client'
// One wallet transaction, start to receipt: switch the wallet to the transaction's chain, send it,
// wait for the receipt. Each stage is shown; a declined request is a calm message, never a crash.
import { useCallback, useState } from 'react'
import type { Hex } from 'viem'
import { useConfig } from 'wagmi'
import { getConnection, sendTransaction, switchChain, waitForTransactionReceipt } from 'wagmi/actions'
import type { WalletTransaction } from '@/lib/ui/route/requirementSteps'
import { describeWalletError } from '@/lib/ui/wallet/describeWalletError'
import { asWalletChainId } from '@/lib/ui/wallet/walletChainId'

/** Long enough for a busy mainnet; past it the page says the transaction may still be pending. */
const RECEIPT_TIMEOUT_MS = 180_000

export type TransactionState =
  | { stage: 'idle' }
  | { stage: 'switching' | 'confirming' }
  | { stage: 'pending'; hash: Hex }
  | { stage: 'done'; hash: Hex; blockNumber: bigint }
  | { stage: 'reverted'; hash: Hex }
  | { stage: 'failed'; message: string; hash?: Hex }

export function useWalletTransaction() {
  const config = useConfig()
  const [state, setState] = useState<TransactionState>({ stage: 'idle' })
  const run = useCallback(
    async (tx: WalletTransaction) => {
      let hash: Hex | undefined
      try {
        if (getConnection(config).chainId !== tx.chainId) {
          setState({ stage: 'switching' })
          await switchChain(config, { chainId: asWalletChainId(tx.chainId) })
        }
        setState({ stage: 'confirming' })
        hash = await sendTransaction(config, {
          chainId: asWalletChainId(tx.chainId),
          to: tx.to,
          data: tx.data,
          value: tx.value,
        })
        setState({ stage: 'pending', hash })
        const receipt = await waitForTransactionReceipt(config, {
          chainId: asWalletChainId(tx.chainId),
          hash,
          timeout: RECEIPT_TIMEOUT_MS,
        })
        setState(
          receipt.status === 'success'
            ? { stage: 'done', hash, blockNumber: receipt.blockNumber }
            : { stage: 'reverted', hash },
        )
      } catch (error) {
        setState({ stage: 'failed', message: describeWalletError(error), ...(hash ? { hash } : {}) })
      }
    },
    [config],
  )
  return { state, run }
}
