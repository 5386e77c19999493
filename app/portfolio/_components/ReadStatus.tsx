'use client'
// Whose balances these are, when and at which block of each chain they were read, and a button to
// read them again.
import { buttonStyles } from '@/components/buttonStyles'
import { getChain } from '@/lib/core/chains/chains'

export type ReadStatusProps = {
  account: string
  isWallet: boolean
  updatedAt: number
  /** The block each chain was read at (from the response). */
  blocks: readonly { chainId: number; blockNumber: string }[] | undefined
  fetching: boolean
  onRefresh: () => void
}

export function ReadStatus({ account, isWallet, updatedAt, blocks, fetching, onRefresh }: ReadStatusProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="min-w-0 text-sm text-zinc-700 dark:text-zinc-300">
        {isWallet ? 'Your connected wallet' : 'Account'}{' '}
        <span className="break-all font-mono text-zinc-900 dark:text-zinc-100">{account}</span>
      </p>
      <div className="flex items-center gap-3">
        <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {fetching ? 'Reading balances…' : updatedAt ? `Last read at ${new Date(updatedAt).toLocaleTimeString()}` : ''}
        </p>
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={onRefresh}
          disabled={fetching}
          aria-busy={fetching}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-4 ${fetching ? 'animate-spin' : ''}`}>
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              d="M16 10a6 6 0 1 1-1.8-4.3M16 3v3.5h-3.5"
            />
          </svg>
          Refresh
        </button>
      </div>
      {blocks && blocks.length > 0 && (
        <dl
          aria-label="Read at block"
          className="flex w-full flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400"
        >
          {blocks.map((b) => (
            <div key={b.chainId} className="flex gap-1" data-chain-block={b.chainId}>
              <dt>{getChain(b.chainId)?.name ?? `Chain ${b.chainId}`}</dt>
              <dd className="font-mono tabular-nums">block {b.blockNumber}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}
