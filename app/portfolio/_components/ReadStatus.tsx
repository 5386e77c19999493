'use client'
// Whose balances these are, when they were read, and a button to read them again.
import { buttonStyles } from '@/components/buttonStyles'

export type ReadStatusProps = { account: string; isWallet: boolean; updatedAt: number; fetching: boolean; onRefresh: () => void }

export function ReadStatus({ account, isWallet, updatedAt, fetching, onRefresh }: ReadStatusProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="min-w-0 text-sm text-zinc-700 dark:text-zinc-300">
        {isWallet ? 'Your connected wallet' : 'Account'} <span className="break-all font-mono text-zinc-900 dark:text-zinc-100">{account}</span>
      </p>
      <div className="flex items-center gap-3">
        <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {fetching ? 'Reading balances…' : updatedAt ? `Last read at ${new Date(updatedAt).toLocaleTimeString()}` : ''}
        </p>
        <button type="button" className={buttonStyles.secondary} onClick={onRefresh} disabled={fetching} aria-busy={fetching}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-4 ${fetching ? 'animate-spin' : ''}`}>
            <path fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" d="M16 10a6 6 0 1 1-1.8-4.3M16 3v3.5h-3.5" />
          </svg>
          Refresh
        </button>
      </div>
    </div>
  )
}
