// The API key a reader pasted, kept for this browser tab only (sessionStorage, gone when the tab
// closes), shaped for React's useSyncExternalStore. Storage may be missing or refuse (private modes):
// the key then lives in memory for the page's life.
const storageKey = 'intent-router.api-key'

export type SessionKeyStore = {
  get(): string | undefined
  set(key: string | undefined): void
  subscribe(listener: () => void): () => void
}

export function createSessionKeyStore(storage: () => Storage | undefined): SessionKeyStore {
  const listeners = new Set<() => void>()
  let memory: string | undefined
  return {
    get() {
      try {
        return storage()?.getItem(storageKey) ?? memory
      } catch {
        return memory
      }
    },
    set(key) {
      const value = key?.trim() || undefined
      memory = value
      try {
        if (value) storage()?.setItem(storageKey, value)
        else storage()?.removeItem(storageKey)
      } catch {
        // kept in memory instead
      }
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export const sessionKeyStore = createSessionKeyStore(() =>
  typeof window === 'undefined' ? undefined : window.sessionStorage,
)
