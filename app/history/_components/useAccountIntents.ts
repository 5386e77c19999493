'use client'
// The intents this key submitted for the account (newest 50), so each listed route can show how its
// submission went. A failure here only hides the statuses: the history itself still shows.
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useApiKey } from '@/lib/ui/apiKey'
import { fetchAccountIntents } from '@/lib/ui/intentApi'
import { intentStatusByNonce } from '@/lib/ui/intentTimeline'
import { retryTransient } from '@/lib/ui/retryTransient'

export function useAccountIntents(address: string | undefined) {
  const { key, source } = useApiKey()
  const query = useQuery({
    queryKey: ['accountIntents', address, source],
    queryFn: ({ signal }) => fetchAccountIntents({ address: address!, ...(key ? { apiKey: key } : {}), signal }),
    enabled: address !== undefined,
    retry: retryTransient,
    staleTime: 5_000,
  })
  return useMemo(() => intentStatusByNonce(query.data?.intents ?? []), [query.data])
}
