'use client'
// Which API key the dashboard sends: the reader's own (pasted, this tab only) before the app's
// browser key handed over at render time. A change of key reads everything again.
import { useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react'
import type { KeySource } from './describeApiError'
import { sessionKeyStore } from './sessionKeyStore'

export type ApiKeyState = {
  /** The key to send, if any. */
  key: string | undefined
  source: KeySource
  hasAppKey: boolean
  setUserKey: (key: string | undefined) => void
}

const ApiKeyContext = createContext<ApiKeyState | null>(null)

export function ApiKeyProvider({ appKey, children }: { appKey: string | undefined; children: ReactNode }) {
  const queryClient = useQueryClient()
  // The server never sees the tab's storage, so it renders without a pasted key.
  const userKey = useSyncExternalStore(sessionKeyStore.subscribe, sessionKeyStore.get, () => undefined)
  const setUserKey = useCallback(
    (key: string | undefined) => {
      sessionKeyStore.set(key)
      void queryClient.resetQueries()
    },
    [queryClient],
  )
  const value = useMemo<ApiKeyState>(
    () => ({
      key: userKey ?? appKey,
      source: userKey ? 'user' : appKey ? 'app' : 'none',
      hasAppKey: Boolean(appKey),
      setUserKey,
    }),
    [userKey, appKey, setUserKey],
  )
  return <ApiKeyContext value={value}>{children}</ApiKeyContext>
}

export function useApiKey(): ApiKeyState {
  const state = useContext(ApiKeyContext)
  if (!state) throw new Error('useApiKey must be used inside <ApiKeyProvider>')
  return state
}
