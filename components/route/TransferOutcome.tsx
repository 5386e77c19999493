'use client'
// A final transfer's outcome on the card: the delivery transaction, or what happened to the funds
// (nothing taken, refunded with its transaction, on its way back).
import Link from 'next/link'
import type { TransferOutcome as Outcome } from '@/lib/ui/route/transferState'
import { chainName } from '@/lib/ui/shared/tokenAmount'
import { txLink } from '@/lib/ui/tx/txView'
import { useExplorers } from '@/lib/ui/tx/useExplorers'

export function TransferOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <div className="grid gap-1 text-sm" data-testid="card-outcome">
      {outcome.funds && <p data-testid="card-funds">{outcome.funds}</p>}
      {outcome.delivery && <TxLine label="Delivery" tx={outcome.delivery} testId="card-delivery" />}
      {outcome.refund && <TxLine label="Refund" tx={outcome.refund} testId="card-refund" />}
    </div>
  )
}

function TxLine({ label, tx, testId }: { label: string; tx: { chainId: number; hash: string }; testId: string }) {
  const link = txLink(tx.chainId, tx.hash, useExplorers())
  const text = `${tx.hash.slice(0, 10)}…${tx.hash.slice(-6)}`
  const style = 'font-mono text-indigo-700 underline dark:text-indigo-300'
  return (
    <p data-testid={testId}>
      {label} on {chainName(tx.chainId)}:{' '}
      {link.external ? (
        <a
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          className={style}
          aria-label={`${label} transaction ${tx.hash}`}
        >
          {text}
        </a>
      ) : (
        <Link href={link.href} className={style} aria-label={`${label} transaction ${tx.hash}`}>
          {text}
        </Link>
      )}
    </p>
  )
}
