'use client'
// The account's balance baseline (taken when a route was submitted in this browser) and what
// changed since, for the rows on screen; clearing it ends the highlight.
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { type BalanceBaseline, type BalanceChange, balanceChanges, parseBaseline } from './balanceChanges'
import { baselineStore } from './baselineStore'
import type { TokenRow } from './portfolioRows'

export type BalanceChanges = {
  baseline: BalanceBaseline
  changes: ReadonlyMap<string, BalanceChange>
  clear: () => void
}

export function useBalanceChanges(
  account: string | undefined,
  rows: readonly TokenRow[] | undefined,
): BalanceChanges | undefined {
  const text = useSyncExternalStore(
    baselineStore.subscribe,
    () => (account ? baselineStore.get(account) : null),
    () => null,
  )
  const baseline = useMemo(() => (account ? parseBaseline(text, account) : undefined), [text, account])
  const clear = useCallback(() => {
    if (account) baselineStore.clear(account)
  }, [account])
  return useMemo(
    () => (baseline && rows ? { baseline, changes: balanceChanges(baseline, rows), clear } : undefined),
    [baseline, rows, clear],
  )
}
