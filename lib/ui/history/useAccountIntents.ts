'use client'
// The intents submitted for an account (newest first, the first page), for the activity feed's
// received amounts, durations and delivery links. Read again when an intent moves.
import { useQuery } from '@tanstack/react-query'
import { fetchApi } from '@/lib/api/client/fetchApi'
import { accountIntentsPath } from '@/lib/api/client/intentApi'
import { useApiKey } from '@/lib/ui/shared/apiKey'
import { retryTransient } from '@/lib/ui/shared/retryTransient'
import { accountIntentsQueryKey } from './historyQueryKeys'

export function useAccountIntents(address: string | undefined) {
  const { key, source } = useApiKey()
  return useQuery({
    queryKey: accountIntentsQueryKey(address, source),
    queryFn: ({ signal }) => {
      if (address === undefined) throw new Error('useAccountIntents: read without an address (the query is off then)')
      return fetchApi({
        path: accountIntentsPath(address),
        schema: (s) => s.intentListResponseSchema,
        ...(key ? { apiKey: key } : {}),
        signal,
      })
    },
    enabled: address !== undefined,
    retry: retryTransient,
    staleTime: 10_000,
  })
}
