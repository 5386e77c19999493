'use client'
// One stored route in full, read when the page opens (the history lists summaries only).
import { useQuery } from '@tanstack/react-query'
import { useApiKey } from '@/lib/ui/apiKey'
import { retryTransient } from '@/lib/ui/retryTransient'
import { fetchStoredRoute } from '@/lib/ui/storedRouteApi'

export function useStoredRoute(nonce: string, account: string | undefined) {
  const { key, source } = useApiKey()
  return useQuery({
    queryKey: ['storedRoute', nonce, account, source],
    queryFn: ({ signal }) => fetchStoredRoute({ nonce, account: account!, ...(key ? { apiKey: key } : {}), signal }),
    enabled: account !== undefined,
    retry: retryTransient,
    staleTime: 5_000,
  })
}
