'use client'
// One stored route in full, read when the page opens (the history lists summaries only).
import { useQuery } from '@tanstack/react-query'
import { fetchStoredRoute } from '@/lib/api/client/storedRouteApi'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { retryTransient } from '@/lib/ui/shared/retryTransient'

export function useStoredRoute(nonce: string, account: string | undefined) {
  const { key, source } = useApiKey()
  return useQuery({
    queryKey: ['storedRoute', nonce, account, source],
    queryFn: ({ signal }) => {
      if (account === undefined) throw new Error('useStoredRoute: read without an account (the query is off then)')
      return fetchStoredRoute({ nonce, account, ...(key ? { apiKey: key } : {}), signal })
    },
    enabled: account !== undefined,
    retry: retryTransient,
    staleTime: 5_000,
  })
}
