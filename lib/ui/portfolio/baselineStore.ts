// Where the balance baselines live: this browser's localStorage, one entry per account, shaped for
// React's useSyncExternalStore (the snapshot is the stored text). Storage may be missing or refuse
// (private modes): the baseline then lives in memory for the page's life.
import { type BalanceBaseline, baselineStorageKey } from './balanceChanges'

export type BaselineStore = {
  get(account: string): string | null
  set(baseline: BalanceBaseline): void
  clear(account: string): void
  subscribe(listener: () => void): () => void
}

export function createBaselineStore(storage: () => Storage | undefined): BaselineStore {
  const listeners = new Set<() => void>()
  const memory = new Map<string, string>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  return {
    get(account) {
      const key = baselineStorageKey(account)
      try {
        return storage()?.getItem(key) ?? memory.get(key) ?? null
      } catch {
        return memory.get(key) ?? null
      }
    },
    set(baseline) {
      const key = baselineStorageKey(baseline.account)
      const text = JSON.stringify(baseline)
      memory.set(key, text)
      try {
        storage()?.setItem(key, text)
      } catch {
        // kept in memory instead
      }
      notify()
    },
    clear(account) {
      const key = baselineStorageKey(account)
      memory.delete(key)
      try {
        storage()?.removeItem(key)
      } catch {
        // nothing stored
      }
      notify()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export const baselineStore = createBaselineStore(() =>
  typeof window === 'undefined' ? undefined : window.localStorage,
)
